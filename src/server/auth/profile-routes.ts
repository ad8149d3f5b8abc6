import multipart from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountCalls, MAX_UPLOAD_BYTES, type PromoterInfo, type SignedDocument, type StaffInfo, type UserInfo } from '../../contract/accounts.ts';
import { fillPath } from '../../contract/define-call.ts';
import { GW } from '../../contract/define-call.ts';
import type { AppDeps } from '../app-deps.ts';
import { signedDocuments } from '../contracts/contract-service.ts';
import { users } from '../db/schema.ts';
import { currentClaims } from '../http/auth-guard.ts';
import { notFound, ok, rejected } from '../http/envelope.ts';
import { routesOf } from '../http/route.ts';
import { readUploadedFile } from '../http/uploaded-file.ts';
import { randomToken } from '../lib/random-codes.ts';
import { sniffImage } from '../lib/sniff-image.ts';
import { accountSummary } from './operations/account-summary.ts';
import { addCustomer } from './operations/add-customer.ts';
import { requireOwnUser } from './operations/own-user.ts';
import { FILE_URL_PREFIX, saveProfile } from './operations/save-profile.ts';
import { getManagerOf, getStaffOfUser, insertConsent } from './people-repo.ts';
import { getUserFile, insertUserFile } from './user-files-repo.ts';
import type { UserRow } from './users-repo.ts';

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

/** The caller's own row; a userCode naming someone else is refused (4003). */
const ownUser = (deps: AppDeps, request: FastifyRequest, userCode?: string): Promise<UserRow> =>
  requireOwnUser(deps.db, currentClaims(request), userCode);

/**
 * The account's own calls: the profile and its images, the account page, and
 * the edu-svc customer calls. Registered in this order, which the route list
 * and the reference keep.
 */
export function registerProfileRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerUserInfoRoutes(app, deps);
  registerAccountPageRoutes(app, deps);
  registerCustomerRoutes(app, deps);
}

/** The profile: read, save, upload an image (the avatar) and serve it. */
function registerUserInfoRoutes(app: FastifyInstance, deps: AppDeps): void {
  const route = routesOf(app, deps);

  route(accountCalls.userInfo, async (request) => ok(toUserInfo(await ownUser(deps, request))));

  route(accountCalls.saveUserInfo, async (request) => {
    const { userCode, ...fields } = request.body;
    const user = await ownUser(deps, request, userCode);
    return ok(toUserInfo(await saveProfile(deps.db, user, fields)), '保存成功');
  });

  route(accountCalls.reminderSettings, async (request) => ok({ renewalReminders: (await ownUser(deps, request)).renewalReminders }));

  route(accountCalls.saveReminderSettings, async (request) => {
    const user = await ownUser(deps, request);
    const [saved] = await deps.db.update(users).set({ renewalReminders: request.body.renewalReminders }).where(eq(users.id, user.id)).returning({ renewalReminders: users.renewalReminders });
    return ok({ renewalReminders: saved!.renewalReminders }, request.body.renewalReminders ? '已开启续保提醒' : '已关闭续保提醒');
  });

  // Multipart only here: the rest of the API stays JSON.
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 4, parts: 5 } });
    routesOf(scope, deps)(accountCalls.upload, async (request) => {
      const user = await ownUser(deps, request);
      const { bytes } = await readUploadedFile(request, { missing: '请选择要上传的图片', tooLarge: '图片不能超过2MB' });
      // Image types are recognised by their first bytes: the declared type is not trusted.
      const contentType = sniffImage(bytes);
      if (!contentType) throw rejected('仅支持 PNG、JPEG、WebP 图片');
      const id = randomToken(24);
      await insertUserFile(deps.db, { id, userId: user.id, contentType, data: bytes.toString('base64'), createdAt: deps.now() });
      return ok({ id, url: `${FILE_URL_PREFIX}${id}` }, '上传成功');
    });
  });

  route(accountCalls.file, async (request, reply) => {
    const row = await getUserFile(deps.db, request.params.id);
    if (!row) throw notFound('文件');
    return reply
      .type(row.contentType)
      .header('cache-control', 'private, max-age=86400')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'")
      .send(Buffer.from(row.data, 'base64'));
  });
}

/** The account page: signed documents, the summary, and the caller's staff record. */
function registerAccountPageRoutes(app: FastifyInstance, deps: AppDeps): void {
  const route = routesOf(app, deps);

  route(accountCalls.documents, async (request) => {
    const user = await ownUser(deps, request, request.query.userCode);
    const documents: SignedDocument[] = await signedDocuments(deps, user.id);
    return ok(documents);
  });

  route(accountCalls.accountSummary, async (request) => {
    const user = await ownUser(deps, request, request.query.userCode);
    return ok(await accountSummary(deps, user));
  });

  route(accountCalls.staff, async (request) => {
    const user = await ownUser(deps, request, request.query.userCode);
    const staff = await getStaffOfUser(deps.db, user.id);
    const info: StaffInfo | null = staff
      ? { employeeNum: staff.employeeNum, name: staff.name, licenseNumber: staff.licenseNumber, branchCode: staff.branchCode, branchName: staff.branchName }
      : null;
    return ok(info);
  });
}

/** The edu-svc customer calls: first log-in, the link's promoter as manager, the caller's manager, privacy consent. */
function registerCustomerRoutes(app: FastifyInstance, deps: AppDeps): void {
  const route = routesOf(app, deps);

  route(accountCalls.isFirstLogin, async (request) => {
    const user = await ownUser(deps, request, request.query.userCode);
    return ok({ isFirstLogin: user.loginCount <= 1 });
  });

  route(accountCalls.addCustomer, async (request) => {
    const user = await ownUser(deps, request, request.body.userCode);
    await addCustomer(deps, user, request.body.managerUserCode);
    return ok(null);
  });

  route(accountCalls.promoters, async (request) => {
    const user = await ownUser(deps, request, request.query.userCode);
    const manager = await getManagerOf(deps.db, user.id);
    const info: PromoterInfo | null = manager
      ? { managerUserCode: manager.managerUserCode, managerName: manager.managerName, licenseNumber: manager.licenseNumber, schanelCode: manager.schanelCode }
      : null;
    return ok(info);
  });

  route(accountCalls.agreePrivacy, async (request) => {
    const user = await ownUser(deps, request);
    await insertConsent(deps.db, { userId: user.id, documents: request.body.documents, ip: request.ip, now: deps.now() });
    return ok(null);
  });
}

/** Path of one uploaded file, for tests and the web client. */
export const fileUrl = (id: string) => GW + fillPath(accountCalls.file.path, { id });
