import type { AppDeps } from '../../app-deps.ts';
import { inflateEvents } from '../chunk-check.ts';
import { getRecordingDetail } from '../recordings-repo.ts';

/** A recording's events inflated from its chunks in order, with its compressed size and first and last times. */
export async function replayEvents(deps: AppDeps, serial: string) {
  const detail = await getRecordingDetail(deps.db, deps.storage, serial);
  const events = detail.chunks.flatMap((chunk) => {
    const inflated = inflateEvents(chunk.data);
    return 'events' in inflated ? inflated.events : [];
  });
  return {
    events: JSON.stringify(events),
    compressedBytes: detail.chunks.reduce((sum, c) => sum + c.size, 0),
    firstAt: detail.chunks[0]?.firstAt ?? 0,
    lastAt: detail.chunks.at(-1)?.lastAt ?? 0,
  };
}
