/** What other features use of policies: the renewal an order carries (the confirm page sends it). */
export { renewalDataFor } from './state/renewal-data.ts';
