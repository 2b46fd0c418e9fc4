import type { ReactNode } from 'react';

export function DropZone(props: { onFiles(files: File[]): void; disabled?: boolean; children: ReactNode }) {
  return <>{props.children}</>;
}
