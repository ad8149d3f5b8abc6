import type { FastifyBaseLogger } from 'fastify';
import type { ContractItem } from '../../../contract/contracts.ts';
import { maskName } from '../../../engine/rules/index.ts';
import type { AppDeps } from '../../app-deps.ts';
import { contractsOfUser, contractUrl, pollLate } from '../contract-service.ts';

/** The caller's agreements, newest first; those whose callback is late are asked about first. */
export async function listContracts(deps: AppDeps, userId: string, log: FastifyBaseLogger): Promise<ContractItem[]> {
  let rows = await contractsOfUser(deps, userId);
  if (await pollLate(deps, rows, log)) rows = await contractsOfUser(deps, userId);
  return rows.map((row) => {
    const manifest = deps.manifests.byProductCode(row.productCode);
    return {
      contractNo: row.contractNo,
      productCode: row.productCode,
      productName: manifest?.productName ?? '',
      title: manifest?.contract?.title ?? '',
      status: row.status,
      insuredName: maskName(row.insuredName),
      createdAt: row.createdAt.toISOString(),
      signedAt: row.signedAt?.toISOString() ?? null,
      contractUrl: contractUrl(row),
      signUrl: row.status === 'signing' ? row.signUrl : null,
    };
  });
}
