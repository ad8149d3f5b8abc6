import type { PageVersion, RecordingChunkBody } from '../../../contract/recording.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { AuthUser } from '../../auth/access-token.ts';
import type { ManifestStore } from '../../catalogue/manifest-store.ts';
import { manifestHash } from '../../catalogue/manifest-hash.ts';
import { requireWritableRecording, storeChunk } from '../recordings-repo.ts';

/** Page versions as the server knows them: the manifest hash is the one it serves now, never the client's. */
function stampPages(manifests: ManifestStore, pages: PageVersion[]): PageVersion[] {
  return pages.map((page) => {
    const manifest = page.productCode ? manifests.byProductCode(page.productCode) : undefined;
    const { manifestHash: _client, ...rest } = page;
    return manifest ? { ...rest, manifestHash: manifestHash(manifest) } : rest;
  });
}

/** Stores one checked chunk of a recording the caller may write to: stored, or a duplicate of one stored. */
export async function storeRecordingChunk(deps: AppDeps, body: RecordingChunkBody, user: AuthUser | null): Promise<'stored' | 'duplicate'> {
  const recording = await requireWritableRecording(deps.db, body.serial, user);
  return storeChunk(deps.db, deps.storage, recording, body, stampPages(deps.manifests, body.pages), deps.now());
}
