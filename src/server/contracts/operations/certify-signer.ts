import { maskName, parseIdCard, validateName } from '../../../engine/rules/index.ts';
import type { AppDeps } from '../../app-deps.ts';
import { rejected } from '../../http/envelope.ts';
import { sniffImage } from '../../lib/sniff-image.ts';
import { reserveAttempt, SIGNER_CERT_LIMIT } from '../../http/call-limits.ts';
import { saveSigner } from '../contracts-repo.ts';

/** What the certify form carried: its text fields, the ID photo, and whether the photo passed the size limit. */
export interface CertifyForm {
  fields: Record<string, string>;
  photo: Buffer | undefined;
  truncated: boolean;
}

/** Checks the signer's name, ID number and photo, has the platform certify them and keeps the signer. */
export async function certifySigner(deps: AppDeps, userId: string, form: CertifyForm) {
  const { fields, photo, truncated } = form;
  const name = fields.name ?? '';
  const idNo = (fields.idNo ?? '').toUpperCase();
  const nameProblem = validateName(name, 'chineseOnly');
  if (nameProblem) throw rejected(nameProblem);
  if (!parseIdCard(idNo).ok) throw rejected('请输入正确的身份证号码');
  if (truncated) throw rejected('证件照片不能超过2MB，请压缩后重新上传');
  if (!photo || photo.length === 0) throw rejected('请上传身份证人像面照片');
  const contentType = sniffImage(photo);
  if (contentType !== 'image/png' && contentType !== 'image/jpeg') throw rejected('证件照片仅支持 JPG、PNG 格式');
  // A name and ID number checked at the platform's fee: bounded per user (a parent certifies once).
  await reserveAttempt(deps.db, SIGNER_CERT_LIMIT, userId, deps.now());
  const outcome = await deps.esign.certify({ name, idNo, photo: new Uint8Array(photo), contentType });
  if (!outcome.passed) throw rejected(outcome.reason || '认证未通过');
  await saveSigner(deps.db, { userId, name, idNo, provider: deps.esign.name, certifiedAt: deps.now() });
  return { certified: true, name: maskName(name) };
}
