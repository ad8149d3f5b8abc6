/** What other features use of the promoter area: a promoter's customers' renewals (the renewal list's second segment). */
export { promoterAreaQueries } from './api/promoter-area.ts';
export { CustomerRenewals } from './components/customer-renewals.tsx';
export { SegmentSwitch } from './components/segment-switch.tsx';
