import { contractCalls, type AgreementCreated, type Certified, type ContractList, type ContractManager, type ContractSite, type RosterCheck, type SignList } from '../../contract/contracts.ts';
import { GW } from '../../contract/define-call.ts';
import { call } from './client.ts';

/** The PDF viewer's link for a contract address (spec §2: the gateway prefix plus the address, Base64 in `url`). */
export function pdfViewerLink(contractUrl: string): string {
  return `/pdf?url=${encodeURIComponent(btoa(GW + contractUrl))}`;
}

export const contractApi = {
  site: (query: { route?: string; productCode?: string }): Promise<ContractSite> => call(contractCalls.contractSite, { query }, { thing: '签署信息' }),
  manager: (productCode: string): Promise<ContractManager> => call(contractCalls.manager, { query: { productCode } }, { silent: true }),
  certify: (form: FormData): Promise<Certified> => call(contractCalls.certify, { body: form }, { thing: '实名认证' }),
  agreement: (body: { productCode: string; insuredName: string; insuredIdNo: string; schoolName: string }): Promise<AgreementCreated> =>
    call(contractCalls.agreement, { body }, { thing: '协议' }),
  list: (): Promise<ContractList> => call(contractCalls.contractList, {}, { thing: '协议列表' }),
  signList: (userCode: string): Promise<SignList> => call(contractCalls.signList, { query: { userCode } }, { silent: true }),
  verifyCard: (productCode: string, cardNo: string): Promise<RosterCheck> => call(contractCalls.verifyInsuredCardNo, { query: { productCode, cardNo } }, { silent: true }),
};
