import type { FileRow } from '../db/files.ts';
import type { FilesContext } from '../files-context.ts';

/** A file as the API shows it (docs/product.md#file-calls result items, plus the description). */
export interface FileView {
  id: string;
  session_id: string | null;
  name: string;
  size: number;
  type: string;
  file_type: 'user_upload' | 'chat_storage';
  description: string | null;
  created_at: string;
}

/** AAD of each encrypted field: bound to the file's id, so a value moved to another row does not decrypt. */
export const aadOf = {
  content: (id: string) => `files.${id}.content`,
  name: (id: string) => `files.${id}.name`,
  description: (id: string) => `files.${id}.description`,
  text: (id: string) => `files.${id}.text`,
};

export function viewOf(row: FileRow, name: string, description: string | null): FileView {
  return {
    id: row.id,
    session_id: row.sessionId,
    name,
    size: row.sizeBytes,
    type: row.mediaType,
    file_type: row.fileType,
    description,
    created_at: row.createdAt.toISOString(),
  };
}

/** The row as the API shows it, its name and description decrypted. */
export async function fileView(fc: FilesContext, row: FileRow): Promise<FileView> {
  const name = await fc.crypto.decryptForUser(row.userId, row.nameCiphertext, aadOf.name(row.id));
  const description =
    row.descriptionCiphertext === null
      ? null
      : await fc.crypto.decryptForUser(row.userId, row.descriptionCiphertext, aadOf.description(row.id));
  return viewOf(row, name, description);
}
