import { RichFileView } from '../../components/rich-file-view.tsx';

/** /claimSvcProfile: the claim-service guide, with the current market's service desk. */
export default function ClaimSvcProfileScreen() {
  return <RichFileView id="claim-service" fallbackTitle="理赔服务指南" withContact />;
}
