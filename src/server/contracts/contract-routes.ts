import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { contractCalls, NO_MANAGER } from '../../contract/contracts.ts';
import { ErrorCode } from '../../contract/envelope.ts';
import type { AppDeps } from '../app-deps.ts';
import { findManifest } from '../catalogue/manifest-store.ts';
import { currentClaims } from '../http/auth-guard.ts';
import { ApiError, forbidden, notFound, ok, rejected } from '../http/envelope.ts';
import { routesOf } from '../http/route.ts';
import { applyEsignEvent, signatureKey, signedDocuments } from './contract-service.ts';
import { certifySigner, type CertifyForm } from './operations/certify-signer.ts';
import { readableContract } from './operations/contract-access.ts';
import { sendDocument } from '../http/send-document.ts';
import { createAgreement } from './operations/create-agreement.ts';
import { listContracts } from './operations/list-contracts.ts';
import { registerRosterRoutes } from './roster-routes.ts';

const MAX_PHOTO_BYTES = 2 * 1024 * 1024;
const NOTIFY_BODY_LIMIT = 16 * 1024;

/**
 * Contract signing (docs/contracts.md): the signing screen's calls,
 * the agreement files (their signer and permitted staff only), the e-sign
 * callback and the offline roster. Registered in this order, which the
 * route list and the reference keep.
 */
export function registerContractRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerSigningRoutes(app, deps);
  registerAgreementFileRoutes(app, deps);
  registerEsignCallbackRoute(app, deps);
  registerRosterRoutes(app, deps);
}

/** The signing screen: its site and manager, the signer's certification, the agreement and the caller's list. */
function registerSigningRoutes(app: FastifyInstance, deps: AppDeps): void {
  const route = routesOf(app, deps);

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
      return ok(await certifySigner(deps, claims.userId, await readCertifyForm(request)), '认证成功');
    });
  });

  route(contractCalls.agreement, async (request) => {
    const created = await createAgreement(deps, currentClaims(request).userId, request.body, request.log);
    return ok(created, '协议已生成，请签署');
  });

  route(contractCalls.contractList, async (request) => {
    return ok({ list: await listContracts(deps, currentClaims(request).userId, request.log) });
  });
}

/** The certify form's parts: its text fields trimmed, the one ID photo, and whether the photo was cut at the size limit. */
async function readCertifyForm(request: FastifyRequest): Promise<CertifyForm> {
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
  return { fields, photo, truncated };
}

/** The agreement's files and signature (its signer or permitted staff) and the caller's signed list. */
function registerAgreementFileRoutes(app: FastifyInstance, deps: AppDeps): void {
  const route = routesOf(app, deps);
  const readable = (request: FastifyRequest, contractNo: string) => readableContract(deps, currentClaims(request).userId, contractNo);

  const sendFile = async (reply: FastifyReply, key: string | null, what: string) => {
    const file = key ? await deps.storage.get(key) : undefined;
    if (!file) throw notFound(what);
    return sendDocument(reply, file);
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
}

/** The platform's callback: the raw body is what its HMAC covers. */
function registerEsignCallbackRoute(app: FastifyInstance, deps: AppDeps): void {
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
}
