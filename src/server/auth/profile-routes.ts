import multipart from '@fastify/multipart';
import { sniffImage } from '../lib/sniff-image.ts';
import { hasSignedContracts, signedDocuments } from '../contracts/contract-service.ts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  accountCalls,
  MAX_UPLOAD_BYTES,
  type AccountSummary,
  type PromoterInfo,
  type SignedDocument,
  type StaffInfo,
  type UserInfo,
} from '../../contract/accounts.ts';
import { fillPath } from '../../contract/define-call.ts';
import { GW } from '../../contract/define-call.ts';
import { hasHiddenFormatCharacters, maskPhone, MSG_NAME } from '../../engine/rules/index.ts';
import type { AppDeps } from '../app-deps.ts';
import { userFiles } from '../db/schema.ts';
import { currentClaims } from '../http/auth-guard.ts';
import { forbidden, notFound, ok, rejected } from '../http/envelope.ts';
import { routesOf } from '../http/route.ts';
import { randomToken } from '../lib/random-codes.ts';
import { findPromoterByCode, isPromoter } from '../promoters/promoters-repo.ts';
import { getManagerOf, getStaffOfUser, insertConsent, setManagerOnce } from './people-repo.ts';
import { getUserById, updateProfile, type ProfileUpdate, type UserRow } from './users-repo.ts';

/** Image types accepted for upload, recognised by their first bytes (the declared type is not trusted). */
const FILE_URL_PREFIX = `${GW}${accountCalls.upload.path}/`;

function toUserInfo(user: UserRow): UserInfo {
  return {
    actualName: user.actualName ?? '',
    contactAddress: user.contactAddress ?? '',
    dateOfBirth: user.dateOfBirth ?? '',
    imgUrl: user.imgUrl ?? '',
    sex: user.sex ?? '',
    userCode: user.userCode,
  };
}

export function registerProfileRoutes(app: FastifyInstance, deps: AppDeps): void {
  const route = routesOf(app, deps);

  /** The caller's own row; a userCode naming someone else is refused (4003). */
  async function ownUser(request: Parameters<typeof currentClaims>[0], userCode?: string): Promise<UserRow> {
    const claims = currentClaims(request);
    if (userCode !== undefined && userCode !== claims.userCode) throw forbidden('用户信息');
    const user = await getUserById(deps.db, claims.userId);
    if (!user) throw notFound('用户');
    return user;
  }

  route(accountCalls.userInfo, async (request) => ok(toUserInfo(await ownUser(request))));

  route(accountCalls.saveUserInfo, async (request) => {
    const { userCode, ...fields } = request.body;
    const user = await ownUser(request, userCode);
    if (fields.imgUrl && !fields.imgUrl.startsWith(FILE_URL_PREFIX)) throw rejected('头像地址无效');
    // The name promoters see in their customer lists: no control that would reorder or hide part of it.
    if (fields.actualName && hasHiddenFormatCharacters(fields.actualName)) throw rejected(MSG_NAME);
    const update: ProfileUpdate = {};
    for (const [key, value] of Object.entries(fields) as [keyof ProfileUpdate, string | undefined][]) {
      if (value !== undefined) update[key] = value.trim() === '' ? null : value.trim();
    }
    const saved = await updateProfile(deps.db, user.id, update);
    return ok(toUserInfo(saved ?? user), '保存成功');
  });

  // Multipart only here: the rest of the API stays JSON.
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 4, parts: 5 } });
    routesOf(scope, deps)(accountCalls.upload, async (request) => {
      const user = await ownUser(request);
      if (!request.isMultipart()) throw rejected('请以表单方式上传文件');
      const file = await request.file();
      if (!file) throw rejected('请选择要上传的图片');
      let bytes: Buffer;
      try {
        bytes = await file.toBuffer();
      } catch {
        throw rejected('图片不能超过2MB');
      }
      if (file.file.truncated) throw rejected('图片不能超过2MB');
      const contentType = sniffImage(bytes);
      if (!contentType) throw rejected('仅支持 PNG、JPEG、WebP 图片');
      const id = randomToken(24);
      await deps.db.insert(userFiles).values({ id, userId: user.id, contentType, data: bytes.toString('base64'), createdAt: deps.now() });
      return ok({ id, url: `${FILE_URL_PREFIX}${id}` }, '上传成功');
    });
  });

  route(
    accountCalls.file,
    async (request, reply) => {
      const [row] = await deps.db.select().from(userFiles).where(eq(userFiles.id, request.params.id)).limit(1);
      if (!row) throw notFound('文件');
      return reply
        .type(row.contentType)
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(Buffer.from(row.data, 'base64'));
    },
  );

  route(
    accountCalls.documents,
    async (request) => {
      const user = await ownUser(request, request.query.userCode);
      const documents: SignedDocument[] = await signedDocuments(deps, user.id);
      return ok(documents);
    },
  );

  route(
    accountCalls.accountSummary,
    async (request) => {
      const user = await ownUser(request, request.query.userCode);
      const staff = await getStaffOfUser(deps.db, user.id);
      const summary: AccountSummary = {
        userCode: user.userCode,
        phone: maskPhone(user.phone),
        hasPassword: Boolean(user.passwordHash),
        realNameStatus: user.realNameAt ? '1' : '0',
        faceStatus: user.faceAt ? '1' : '0',
        isStaff: Boolean(staff),
        isPromoter: Boolean(staff) || (await isPromoter(deps.db, user)),
        hasSignedDocuments: await hasSignedContracts(deps, user.id),
      };
      return ok(summary);
    },
  );

  route(
    accountCalls.staff,
    async (request) => {
      const user = await ownUser(request, request.query.userCode);
      const staff = await getStaffOfUser(deps.db, user.id);
      const info: StaffInfo | null = staff
        ? { employeeNum: staff.employeeNum, name: staff.name, licenseNumber: staff.licenseNumber, branchCode: staff.branchCode, branchName: staff.branchName }
        : null;
      return ok(info);
    },
  );

  // ------------------------------------------------------------ edu-svc customer calls

  route(
    accountCalls.isFirstLogin,
    async (request) => {
      const user = await ownUser(request, request.query.userCode);
      return ok({ isFirstLogin: user.loginCount <= 1 });
    },
  );

  // First touch: the promoter of the link the customer came through becomes their manager at log-in,
  // unless they already have one (a later link does not take the customer away; staff can, with setManager).
  route(accountCalls.addCustomer, async (request) => {
    const user = await ownUser(request, request.body.userCode);
    const promoter = await findPromoterByCode(deps.db, request.body.managerUserCode);
    if (!promoter) throw notFound('推广人');
    if (promoter.userId === user.id) throw rejected('不能成为自己的客户');
    // The channel is the promoter's (staff channel 05 is all-sale), never the client's.
    await setManagerOnce(deps.db, {
      userId: user.id,
      managerUserCode: promoter.userCode,
      schanelCode: promoter.staff?.channelCode ?? '',
      source: 'link',
      now: deps.now(),
    });
    return ok(null);
  });

  route(
    accountCalls.promoters,
    async (request) => {
      const user = await ownUser(request, request.query.userCode);
      const manager = await getManagerOf(deps.db, user.id);
      const info: PromoterInfo | null = manager
        ? { managerUserCode: manager.managerUserCode, managerName: manager.managerName, licenseNumber: manager.licenseNumber, schanelCode: manager.schanelCode }
        : null;
      return ok(info);
    },
  );

  route(accountCalls.agreePrivacy, async (request) => {
    const user = await ownUser(request);
    await insertConsent(deps.db, { userId: user.id, documents: request.body.documents, ip: request.ip, now: deps.now() });
    return ok(null);
  });
}

/** Path of one uploaded file, for tests and the web client. */
export const fileUrl = (id: string) => GW + fillPath(accountCalls.file.path, { id });
