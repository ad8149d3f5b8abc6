import { contractCalls, type AgreementCreated, type Certified, type ContractList, type ContractManager, type ContractSite, type RosterCardCheck, type SignList } from '../../../../contract/contracts.ts';
import { GW } from '../../../../contract/define-call.ts';
import { documentViewerLink, isDocumentAddress } from '../../../../contract/documents.ts';
import { call } from '../../../shared/api/client.ts';

/**
 * The PDF viewer's link for a contract address (spec §2: the gateway prefix plus the address, Base64 in
 * `url`), or null when the address is not a declared document's download (the viewer would refuse it).
 */
export function pdfViewerLink(contractUrl: string): string | null {
  return documentViewerLink(GW + contractUrl);
}

/**
 * The document address of `/pdf?url=`: Base64 of the gateway prefix plus the contract address. Only the
 * download address of a declared document (src/contract/documents.ts) is opened: pdf.js sends the user's
 * token with its request, so anything else (another call under /_gw, another host, a query) is refused
 * (null) and never fetched.
 */
export function viewerAddress(encoded: string | null): string | null {
  if (!encoded) return null;
  let decoded: string;
  try {
    decoded = atob(encoded.replace(/ /g, '+'));
  } catch {
    return null;
  }
  return isDocumentAddress(decoded) ? decoded : null;
}

export const contractApi = {
  site: (query: { route?: string; productCode?: string }): Promise<ContractSite> => call(contractCalls.contractSite, { query }, { thing: '签署信息' }),
  manager: (productCode: string): Promise<ContractManager> => call(contractCalls.manager, { query: { productCode } }, { silent: true }),
  certify: (form: FormData): Promise<Certified> => call(contractCalls.certify, { body: form }, { thing: '实名认证' }),
  agreement: (body: { productCode: string; insuredName: string; insuredIdNo: string; schoolName: string }): Promise<AgreementCreated> =>
    call(contractCalls.agreement, { body }, { thing: '协议' }),
  list: (): Promise<ContractList> => call(contractCalls.contractList, {}, { thing: '协议列表' }),
  signList: (userCode: string): Promise<SignList> => call(contractCalls.signList, { query: { userCode } }, { silent: true }),
  /** Not silent: the daily limit's 4029 (查询过于频繁，请明天再试) is shown to the parent. */
  verifyCard: (productCode: string, cardNo: string): Promise<RosterCardCheck> => call(contractCalls.verifyInsuredCardNo, { query: { productCode, cardNo } }),
};
