import './attachments.css';
import { type DragEvent, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadIcon } from '../icons.tsx';

const carriesFiles = (event: DragEvent) => [...event.dataTransfer.types].includes('Files');

/**
 * Files dropped anywhere on the conversation join the next message. While files are dragged over
 * it, a hint covers the conversation. (Keyboard and screen-reader users have the attach button.)
 */
export function DropZone({
  onFiles,
  disabled,
  children,
}: {
  onFiles(files: File[]): void;
  disabled?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('attachments');
  const [over, setOver] = useState(false);
  // dragenter/dragleave fire for every child crossed: count them to know when the drag left.
  const depth = useRef(0);
  const onDragEnter = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    depth.current += 1;
    if (!disabled) setOver(true);
  };
  const onDragLeave = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) setOver(false);
  };
  const onDragOver = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
  };
  const onDrop = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    depth.current = 0;
    setOver(false);
    const files = [...event.dataTransfer.files];
    if (!disabled && files.length > 0) onFiles(files);
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping is a pointer-only shortcut; the attach button is the keyboard and screen-reader way.
    <div
      className="iv-drop-zone"
      data-dragging={over || undefined}
      onDragEnter={onDragEnter}
      onDragLeave={onDragLeave}
      onDragOver={onDragOver}
      onDrop={onDrop}
    >
      {children}
      {over && (
        <div className="iv-drop-zone__overlay" aria-hidden="true">
          <UploadIcon className="iv-drop-zone__icon" />
          <span>{t('dropHint')}</span>
        </div>
      )}
    </div>
  );
}
