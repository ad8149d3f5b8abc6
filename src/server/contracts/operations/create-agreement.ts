import type { FastifyBaseLogger } from 'fastify';
import { NO_MANAGER, type AgreementBody } from '../../../contract/contracts.ts';
import { validateName, validateSchoolNameText } from '../../../engine/rules/index.ts';
import type { AppDeps } from '../../app-deps.ts';
import { getUserById } from '../../auth/users-repo.ts';
import { findManifest } from '../../catalogue/manifest-store.ts';
import { rejected } from '../../http/envelope.ts';
import { dailyCode } from '../../lib/random-codes.ts';
import { reserveAttempt, ROSTER_LIMIT } from '../../http/call-limits.ts';
import { EsignRefused } from '../../providers/esign/esign-provider.ts';
import { sha256Hex, signatureField } from '../agreement-pdf.ts';
import { buildDraft, draftKey, fillTemplate } from '../contract-service.ts';
import { deleteContract, findContractOfInsured, findRosterEntry, getSigner, insertContract, setContractTask } from '../contracts-repo.ts';

/** The product's contract section, when contract mode applies. */
function contractOf(deps: AppDeps, productCode: string) {
  const manifest = findManifest(deps.manifests, productCode);
  if (!manifest.contract || manifest.contract.enabled === false) throw rejected('该产品无需签署协议');
  return { manifest, contract: manifest.contract };
}

/**
 * The caller's agreement for a product and insured, with its signing task: the PDF drafted and stored, the
 * row written, the task opened at the platform. Asking again continues the agreement being signed.
 */
export async function createAgreement(deps: AppDeps, userId: string, body: AgreementBody, log: FastifyBaseLogger) {
  const { manifest, contract } = contractOf(deps, body.productCode);
  if (!contract.manager) throw rejected(NO_MANAGER);
  // The school name goes into the agreement's text: no control that would reorder or hide part of it.
  const schoolProblem = validateSchoolNameText(body.schoolName);
  if (schoolProblem) throw rejected(schoolProblem);
  const nameProblem = validateName(body.insuredName.trim());
  if (nameProblem) throw rejected(nameProblem);
  const signer = await getSigner(deps.db, userId);
  if (!signer) throw rejected('请先完成签署人实名认证');
  const insuredIdNo = body.insuredIdNo.toUpperCase();
  // One agreement per caller, product and insured: asking again continues the one being signed.
  const existing = await findContractOfInsured(deps.db, userId, manifest.productCode, insuredIdNo);
  if (contract.roster) {
    // Whether a name and number are on the roster is the roster check's answer: the same daily budget, spent
    // only for an insured the caller has no agreement for yet.
    if (!existing) await reserveAttempt(deps.db, ROSTER_LIMIT, userId, deps.now(), manifest.productCode);
    const entry = await findRosterEntry(deps.db, manifest.productCode, insuredIdNo);
    if (!entry || entry.name !== body.insuredName.trim()) throw rejected('被保险人不在学校名单中，请联系学校核对');
  }
  if (existing?.status === 'signed') throw rejected('该被保险人的协议已签署，可在“已签署的协议”中查看');
  const returnUrl = (no: string) => `${deps.config.publicUrl ?? ''}/#/detailSign?contractNo=${no}`;
  const now = deps.now();
  let row = existing && existing.status === 'signing' ? existing : undefined;
  if (!row) {
    if (existing) await deleteContract(deps.db, existing.contractNo);
    const contractNo = dailyCode('HT', now);
    const parties = {
      holderName: signer.name,
      holderIdNo: signer.idNo,
      insuredName: body.insuredName.trim(),
      insuredIdNo,
      schoolName: body.schoolName.trim(),
      managerName: contract.manager.name,
    };
    const draft = await buildDraft(manifest, contractNo, parties, now);
    await deps.storage.put(draftKey(contractNo), draft, 'application/pdf');
    row = await insertContract(deps.db, {
      contractNo,
      userId,
      productCode: manifest.productCode,
      ...parties,
      managerEmployeeNum: contract.manager.employeeNum,
      esignProvider: deps.esign.name,
      documentSha256: sha256Hex(draft),
      draftKey: draftKey(contractNo),
      createdAt: now,
    });
  }
  const current = row!;
  const draft = await deps.storage.get(current.draftKey);
  if (!draft) throw new Error(`agreement ${current.contractNo}: draft missing`);
  // The log-in phone: platforms that verify the signer themselves (腾讯电子签) reach and match them by it.
  const account = await getUserById(deps.db, userId);
  let task;
  try {
    task = await deps.esign.createTask({
      businessNo: current.contractNo,
      title: contract.title,
      document: draft.bytes,
      preview: fillTemplate(manifest, { ...current, managerName: contract.manager.name }, ''),
      signer: { name: signer.name, idNo: signer.idNo, ...(account ? { phone: account.phone } : {}) },
      returnUrl: returnUrl(current.contractNo),
      signatureField: await signatureField(draft.bytes),
    });
  } catch (error) {
    // The platform refused the signer or the document for what they are: the parent's to correct, not a failure of ours.
    if (error instanceof EsignRefused) {
      log.info({ contractNo: current.contractNo, vendorCode: error.vendorCode }, 'e-sign task refused by the platform');
      throw rejected(error.message);
    }
    throw error;
  }
  await setContractTask(deps.db, current.contractNo, task);
  return { contractNo: current.contractNo, signUrl: task.signUrl };
}
