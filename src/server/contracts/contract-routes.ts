import multipart from '@fastify/multipart';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { PAID_STATUSES } from '../../contract/policy-lifecycle.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { contractCalls, NO_MANAGER, type ContractItem, type RosterCardCheck, type RosterCheck } from '../../contract/contracts.ts';
import { ErrorCode } from '../../contract/envelope.ts';
import { maskName, validateSchoolNameText } from '../../engine/rules/index.ts';
import type { AppDeps } from '../app-deps.ts';
import { getStaffOfUser, type StaffRow } from '../auth/people-repo.ts';
import { scopeCovers, staffWithRole } from '../auth/staff-access.ts';
import { findManifest } from '../catalogue/manifest-store.ts';
import { contracts, esignSigners, offlineRoster, orders, applicationForms, users } from '../db/schema.ts';
import { EsignRefused } from '../providers/esign/esign-provider.ts';
import { currentClaims } from '../http/auth-guard.ts';
import { ApiError, forbidden, notFound, ok, rejected } from '../http/envelope.ts';
import { routesOf } from '../http/route.ts';
import { dailyCode } from '../lib/random-codes.ts';
import { reserveAttempt, ROSTER_LIMIT, SIGNER_CERT_LIMIT } from '../http/call-limits.ts';
import { sniffImage } from '../lib/sniff-image.ts';
import { recordStaffAction } from '../tracking/op-log.ts';
import { sha256Hex, signatureField } from './agreement-pdf.ts';
import { loadRoster, parseRosterCsv } from './roster.ts';
import {
  applyEsignEvent,
  buildDraft,
  contractsOfUser,
  contractUrl,
  draftKey,
  fillTemplate,
  pollLate,
  signatureKey,
  signedDocuments,
  type ContractRow,
} from './contract-service.ts';

const MAX_PHOTO_BYTES = 2 * 1024 * 1024;
const NOTIFY_BODY_LIMIT = 16 * 1024;

/** The product's contract section, when contract mode applies. */
function contractOf(deps: AppDeps, productCode: string) {
  const manifest = findManifest(deps.manifests, productCode);
  if (!manifest.contract || manifest.contract.enabled === false) throw rejected('该产品无需签署协议');
  return { manifest, contract: manifest.contract };
}

/**
 * Contract signing (docs/contracts.md): the signing screen's calls,
 * the agreement files (their signer and permitted staff only), the e-sign
 * callback and the offline roster.
 */
export function registerContractRoutes(app: FastifyInstance, deps: AppDeps): void {
  const route = routesOf(app, deps);

  /** The caller may read this agreement: its signer, compliance staff, or the product's manager. */
  async function readable(request: FastifyRequest, contractNo: string): Promise<ContractRow> {
    const claims = currentClaims(request);
    const [row] = await deps.db.select().from(contracts).where(eq(contracts.contractNo, contractNo)).limit(1);
    if (row?.userId === claims.userId) return row;
    const staff = await getStaffOfUser(deps.db, claims.userId);
    if (row && staff && (staff.roles.includes('compliance') || staff.employeeNum === row.managerEmployeeNum)) return row;
    throw forbidden('协议');
  }

  /**
   * The roster row `id` when the caller may change it: staff with the roster role whose scope covers the
   * row's product (its code, one of its markets, or every product). Anyone else is refused before the row
   * is looked up.
   */
  async function rosterRowToChange(request: FastifyRequest, id: number) {
    const staff = await staffWithRole(deps.db, currentClaims(request).userId, ['roster']);
    if (!staff) throw forbidden('名单记录');
    const [row] = await deps.db.select().from(offlineRoster).where(eq(offlineRoster.id, id)).limit(1);
    if (!row) throw notFound('名单记录');
    if (!scopeCovers(deps, staff.scope, row.productCode)) throw forbidden('名单记录');
    return { staff, row };
  }

  /** The roster values an op-log entry keeps (masked there). */
  const loggedValues = (row: typeof offlineRoster.$inferSelect) => ({
    name: row.name,
    schoolName: row.schoolName,
    className: row.className,
    status: row.status,
    order: row.orderCode,
    contract: row.contractNo,
  });
  const logRosterChange = (request: FastifyRequest, action: string, staff: StaffRow, before: typeof offlineRoster.$inferSelect, after: typeof offlineRoster.$inferSelect) =>
    recordStaffAction(deps.db, {
      action,
      actor: { userId: staff.userId, employeeNum: staff.employeeNum },
      subject: { rosterId: before.id, product: before.productCode },
      before: loggedValues(before),
      after: loggedValues(after),
      ip: request.ip,
      now: deps.now(),
    });

  route(contractCalls.contractSite, async (request) => {
    const { route: path, productCode } = request.query;
    const manifest = productCode
      ? findManifest(deps.manifests, productCode)
      : deps.manifests.online.find((m) => m.contract?.route === path && m.contract?.enabled !== false);
    if (!manifest?.contract) throw notFound('签署页');
    const c = manifest.contract;
    return ok({
      productCode: manifest.productCode,
      productName: manifest.productName,
      title: c.title,
      template: c.template,
      signers: c.signers,
      roster: c.roster ?? false,
      enabled: c.enabled !== false,
    });
  });

  route(contractCalls.manager, async (request) => {
    const manifest = findManifest(deps.manifests, request.query.productCode);
    const manager = manifest.contract?.manager;
    return ok(manager ? { managerUserCode: manager.employeeNum, managerName: manager.name } : null, manager ? 'success' : NO_MANAGER);
  });

  // Multipart only here (the ID photo).
  void app.register(async (scope) => {
    await scope.register(multipart, { throwFileSizeLimit: false, limits: { fileSize: MAX_PHOTO_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 200 } });
    routesOf(scope, deps)(contractCalls.certify, async (request) => {
      const claims = currentClaims(request);
      if (!request.isMultipart()) throw rejected('请以表单方式上传证件照片');
      const fields: Record<string, string> = {};
      let photo: Buffer | undefined;
      let truncated = false;
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          if (part.fieldname !== 'idPhoto') throw rejected('请上传身份证人像面照片（字段 idPhoto）');
          try {
            photo = await part.toBuffer();
          } catch {
            truncated = true;
          }
          truncated ||= part.file.truncated;
        } else if (typeof part.value === 'string') fields[part.fieldname] = part.value.trim();
      }
      const name = fields.name ?? '';
      const idNo = (fields.idNo ?? '').toUpperCase();
      if (!/^[\u4e00-\u9fa5·]{2,20}$/.test(name)) throw rejected('请输入正确的姓名');
      if (!/^[0-9]{17}[0-9X]$/.test(idNo)) throw rejected('请输入正确的身份证号码');
      if (truncated) throw rejected('证件照片不能超过2MB，请压缩后重新上传');
      if (!photo || photo.length === 0) throw rejected('请上传身份证人像面照片');
      const contentType = sniffImage(photo);
      if (contentType !== 'image/png' && contentType !== 'image/jpeg') throw rejected('证件照片仅支持 JPG、PNG 格式');
      // A name and ID number checked at the platform's fee: bounded per user (a parent certifies once).
      await reserveAttempt(deps.db, SIGNER_CERT_LIMIT, claims.userId, deps.now());
      const outcome = await deps.esign.certify({ name, idNo, photo: new Uint8Array(photo), contentType });
      if (!outcome.passed) throw rejected(outcome.reason || '认证未通过');
      await deps.db
        .insert(esignSigners)
        .values({ userId: claims.userId, name, idNo, provider: deps.esign.name, certifiedAt: deps.now() })
        .onConflictDoUpdate({ target: esignSigners.userId, set: { name, idNo, provider: deps.esign.name, certifiedAt: deps.now() } });
      return ok({ certified: true, name: maskName(name) }, '认证成功');
    });
  });

  route(contractCalls.agreement, async (request) => {
    const claims = currentClaims(request);
    const body = request.body;
    const { manifest, contract } = contractOf(deps, body.productCode);
    if (!contract.manager) throw rejected(NO_MANAGER);
    // The school name goes into the agreement's text: no control that would reorder or hide part of it.
    const schoolProblem = validateSchoolNameText(body.schoolName);
    if (schoolProblem) throw rejected(schoolProblem);
    const [signer] = await deps.db.select().from(esignSigners).where(eq(esignSigners.userId, claims.userId)).limit(1);
    if (!signer) throw rejected('请先完成签署人实名认证');
    const insuredIdNo = body.insuredIdNo.toUpperCase();
    // One agreement per caller, product and insured: asking again continues the one being signed.
    const [existing] = await deps.db
      .select()
      .from(contracts)
      .where(and(eq(contracts.userId, claims.userId), eq(contracts.productCode, manifest.productCode), eq(contracts.insuredIdNo, insuredIdNo)))
      .limit(1);
    if (contract.roster) {
      // Whether a name and number are on the roster is the roster check's answer: the same daily budget, spent
      // only for an insured the caller has no agreement for yet.
      if (!existing) await reserveAttempt(deps.db, ROSTER_LIMIT, claims.userId, deps.now(), manifest.productCode);
      const [entry] = await deps.db
        .select()
        .from(offlineRoster)
        .where(and(eq(offlineRoster.productCode, manifest.productCode), eq(offlineRoster.idNo, insuredIdNo)))
        .limit(1);
      if (!entry || entry.name !== body.insuredName.trim()) throw rejected('被保险人不在学校名单中，请联系学校核对');
    }
    if (existing?.status === 'signed') throw rejected('该被保险人的协议已签署，可在“已签署的协议”中查看');
    const returnUrl = (no: string) => `${deps.config.publicUrl ?? ''}/#/detailSign?contractNo=${no}`;
    const now = deps.now();
    let row = existing && existing.status === 'signing' ? existing : undefined;
    if (!row) {
      if (existing) await deps.db.delete(contracts).where(eq(contracts.contractNo, existing.contractNo));
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
      [row] = await deps.db
        .insert(contracts)
        .values({
          contractNo,
          userId: claims.userId,
          productCode: manifest.productCode,
          ...parties,
          managerEmployeeNum: contract.manager.employeeNum,
          esignProvider: deps.esign.name,
          documentSha256: sha256Hex(draft),
          draftKey: draftKey(contractNo),
          createdAt: now,
        })
        .returning();
    }
    const current = row!;
    const draft = await deps.storage.get(current.draftKey);
    if (!draft) throw new Error(`agreement ${current.contractNo}: draft missing`);
    // The log-in phone: platforms that verify the signer themselves (腾讯电子签) reach and match them by it.
    const [account] = await deps.db.select({ phone: users.phone }).from(users).where(eq(users.id, claims.userId)).limit(1);
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
        request.log.info({ contractNo: current.contractNo, vendorCode: error.vendorCode }, 'e-sign task refused by the platform');
        throw rejected(error.message);
      }
      throw error;
    }
    await deps.db.update(contracts).set({ taskId: task.taskId, signUrl: task.signUrl }).where(eq(contracts.contractNo, current.contractNo));
    return ok({ contractNo: current.contractNo, signUrl: task.signUrl }, '协议已生成，请签署');
  });

  route(contractCalls.contractList, async (request) => {
    const claims = currentClaims(request);
    let rows = await contractsOfUser(deps, claims.userId);
    if (await pollLate(deps, rows, request.log)) rows = await contractsOfUser(deps, claims.userId);
    const list: ContractItem[] = rows.map((row) => {
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
    return ok({ list });
  });

  const sendFile = async (reply: FastifyReply, key: string | null, what: string) => {
    const file = key ? await deps.storage.get(key) : undefined;
    if (!file) throw notFound(what);
    return reply
      .type(file.contentType)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline')
      .header('content-security-policy', "default-src 'none'")
      .send(Buffer.from(file.bytes));
  };

  route(contractCalls.signatureImage, async (request, reply) => {
    const row = await readable(request, request.query.contractNo);
    return sendFile(reply, row.status === 'signed' ? signatureKey(row.contractNo) : null, '签名');
  });

  route(contractCalls.contractFile, async (request, reply) => {
    const row = await readable(request, request.params.contractNo);
    if (request.params.file === 'agreement.pdf') return sendFile(reply, row.signedKey, '已签署的协议');
    return sendFile(reply, row.draftKey, '协议');
  });

  route(contractCalls.signList, async (request) => {
    const claims = currentClaims(request);
    if (request.query.userCode !== claims.userCode) throw forbidden('用户信息');
    return ok({ list: await signedDocuments(deps, claims.userId) });
  });

  // The platform's callback: the raw body is what its HMAC covers.
  void app.register(async (scope) => {
    // Encapsulated: only this route reads bodies as verbatim text (the app's JSON parser is replaced here).
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(['application/json', 'text/plain'], { parseAs: 'string', bodyLimit: NOTIFY_BODY_LIMIT }, (_request, body, done) => done(null, body));
    routesOf(scope, deps)(contractCalls.esignNotify, async (request) => {
      if (request.params.provider !== deps.esign.name) throw notFound('签署服务');
      const event = deps.esign.verifyCallback(request.headers, String(request.body ?? ''));
      if (!event) {
        request.log.warn({ provider: request.params.provider }, 'e-sign callback refused: bad signature or stale timestamp');
        throw new ApiError(ErrorCode.Rejected, '签名校验失败');
      }
      const outcome = await applyEsignEvent(deps, event, request.log);
      return ok(null, outcome);
    });
  });

  route(contractCalls.devRoster, async (request) => {
    findManifest(deps.manifests, request.body.productCode);
    const { entries, problems } = parseRosterCsv(request.body.csv, deps.now());
    return ok({ loaded: await loadRoster(deps.db, request.body.productCode, entries), problems });
  });

  // --- the offline roster (docs/contracts.md)
  const rosterView = (row: typeof offlineRoster.$inferSelect | undefined): RosterCheck =>
    row
      ? { found: true, name: maskName(row.name), schoolName: row.schoolName, className: row.className, status: row.status }
      : { found: false, name: '', schoolName: '', className: '', status: '' };

  route(contractCalls.verifyInsuredCardNo, async (request) => {
    const { productCode, cardNo } = request.query;
    findManifest(deps.manifests, productCode);
    // Every query counts, found or not, so ID numbers cannot be swept (docs/security.md).
    await reserveAttempt(deps.db, ROSTER_LIMIT, currentClaims(request).userId, deps.now(), productCode);
    const [row] = await deps.db
      .select({ status: offlineRoster.status })
      .from(offlineRoster)
      .where(and(eq(offlineRoster.productCode, productCode), eq(offlineRoster.idNo, cardNo.toUpperCase())))
      .limit(1);
    const check: RosterCardCheck = row ? { found: true, status: row.status } : { found: false, status: '' };
    return ok(check, row ? 'success' : '该身份证号不在学校名单中，请联系学校核对');
  });

  route(contractCalls.updateInsStatus, async (request) => {
    const row = await readable(request, request.body.contractNo);
    if (row.userId !== currentClaims(request).userId) throw forbidden('协议');
    const [entry] = await deps.db
      .select()
      .from(offlineRoster)
      .where(and(eq(offlineRoster.productCode, row.productCode), eq(offlineRoster.idNo, row.insuredIdNo)))
      .limit(1);
    if (!entry) return ok(rosterView(undefined));
    // Paid: an order of this user for this product whose insured is this ID number.
    const [paid] = await deps.db
      .select({ code: orders.orderCode })
      .from(orders)
      .innerJoin(applicationForms, eq(applicationForms.orderId, orders.id))
      .where(and(eq(orders.userId, row.userId), eq(applicationForms.productCode, row.productCode), sql`${applicationForms.insureds} @> ${JSON.stringify([{ licenceNo: row.insuredIdNo }])}::jsonb`, inArray(orders.status, [...PAID_STATUSES])))
      .limit(1);
    // The payment itself moves an entry to 2 (markRosterInsured); this never moves it back.
    const status = paid || entry.status === '2' ? '2' : row.status === 'signed' ? '1' : entry.status;
    const [updated] = await deps.db
      .update(offlineRoster)
      .set({ status, contractNo: row.contractNo, updatedAt: deps.now() })
      .where(eq(offlineRoster.id, entry.id))
      .returning();
    return ok(rosterView(updated));
  });

  const rowView = (row: typeof offlineRoster.$inferSelect) => ({
    id: row.id,
    productCode: row.productCode,
    name: maskName(row.name),
    schoolName: row.schoolName,
    className: row.className,
    status: row.status,
    orderCode: row.orderCode,
  });

  // Idempotent (a second reset finds it at 0), so no resubmit token: the spec asks one only of orders and endorsements.
  route(contractCalls.resetStatus, async (request) => {
    const { staff, row: before } = await rosterRowToChange(request, Number(request.params.id));
    const [row] = await deps.db
      .update(offlineRoster)
      .set({ status: '0', contractNo: null, orderCode: null, updatedAt: deps.now() })
      .where(eq(offlineRoster.id, before.id))
      .returning();
    if (!row) throw notFound('名单记录');
    await logRosterChange(request, 'roster.reset', staff, before, row);
    return ok(rowView(row), '已重置');
  });

  route(contractCalls.updateOfflineInsInfo, async (request) => {
    const { id, ...fields } = request.body;
    const { staff, row: before } = await rosterRowToChange(request, id);
    const set = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v).trim()]));
    const [row] = await deps.db
      .update(offlineRoster)
      .set({ ...set, updatedAt: deps.now() })
      .where(eq(offlineRoster.id, before.id))
      .returning();
    if (!row) throw notFound('名单记录');
    await logRosterChange(request, 'roster.update', staff, before, row);
    return ok(rowView(row), '已保存');
  });
}
