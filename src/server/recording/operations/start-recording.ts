import { randomBytes } from 'node:crypto';
import type { RecordingStartBody } from '../../../contract/recording.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { AuthUser } from '../../auth/access-token.ts';
import { notFound } from '../../http/envelope.ts';
import { createRecording, RECORDING_STARTS_PER_IP_PER_HOUR } from '../recordings-repo.ts';

/** Opens a recording of a sale (a visitor's too), within the starts an address may make an hour; its serial. */
export async function startRecording(deps: AppDeps, user: AuthUser | null, body: RecordingStartBody, ip: string): Promise<string> {
  const { productCode, entryRoute, build } = body;
  if (productCode && !deps.manifests.byProductCode(productCode)) throw notFound('产品');
  const serial = randomBytes(16).toString('hex');
  await createRecording(deps.db, {
    serial,
    userId: user?.userId ?? null,
    productCode: productCode ?? null,
    entryRoute,
    build,
    ip,
    perIpPerHour: deps.config.recordingStartsPerIpPerHour ?? RECORDING_STARTS_PER_IP_PER_HOUR,
    now: deps.now(),
  });
  return serial;
}
