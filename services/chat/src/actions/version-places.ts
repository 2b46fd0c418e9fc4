import type { ChatContext } from '../chat-context.ts';
import { listVersions, type MessageRow } from '../db/messages.ts';

/** For the transcript: each versioned message's place among its versions (1-based) and their count. */
export async function versionPlaces(
  chat: ChatContext,
  sessionId: string,
  rows: MessageRow[],
): Promise<Map<string, { index: number; count: number }>> {
  const groups = [...new Set(rows.flatMap((row) => (row.versionGroup ? [row.versionGroup] : [])))];
  const versions = Map.groupBy(
    await listVersions(chat.service.db, sessionId, groups),
    (row) => row.versionGroup!,
  );
  const places = new Map<string, { index: number; count: number }>();
  for (const row of rows) {
    const group = row.versionGroup ? versions.get(row.versionGroup) : undefined;
    if (group && group.length > 1)
      places.set(row.id, { index: group.findIndex((v) => v.id === row.id) + 1, count: group.length });
  }
  return places;
}
