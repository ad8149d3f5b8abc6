/**
 * Spec §9: the constant terms of every order and application form. The one
 * place they are written: the contract's literal schemas, the web's
 * application form and the server's settled terms all read them from here.
 */
export const ORDER_CONSTANTS = {
  /** Order source (submitOrder body `source`). */
  source: '01',
  /** Order entry type (submitOrder body `entryType`). */
  entryType: '00',
  /** Application type. */
  applicationType: '00',
  /** Channel type. */
  channelType: '02',
  /** Product type. */
  productType: '00',
  /** Policy kind. */
  policyKind: '00',
  /** Policy holder type. */
  holderType: '01',
  /** Beneficiary option of every insured: statutory. */
  beneficiaryOption: '01',
  /** Portion of an agent. */
  agentPortion: 1,
} as const;
