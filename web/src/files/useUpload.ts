/**
 * Sending a file: uploaded through the SDK (one request up to 5 MB, else
 * 5 MB chunks), with progress, then sent as a message of its kind. A chunked
 * upload that fails keeps its session: "Retry" sends only the missing chunks.
 */
import type { RoomRef, UploadResult } from '@chat-server/client';
import { useCallback, useState } from 'react';
import { errorKey, useClient } from '../sdk/session.tsx';

export interface UploadState {
  name: string;
  sent: number;
  total: number;
  error: string | null;
  /** A failed chunked upload that can resume. */
  file?: File;
  uploadId?: string;
}

const typeOf = (kind: UploadResult['kind']): 'image' | 'video' | 'audio' | 'file' =>
  kind === 'image' || kind === 'video' || kind === 'audio' ? kind : 'file';

export function useUpload(room: RoomRef) {
  const client = useClient();
  const [uploads, setUploads] = useState<UploadState[]>([]);

  const send = useCallback(
    async (file: File, uploadId?: string) => {
      const name = file.name;
      const update = (patch: Partial<UploadState>) => setUploads((list) => list.map((u) => (u.name === name ? { ...u, ...patch } : u)));
      setUploads((list) => [...list.filter((u) => u.name !== name), { name, sent: 0, total: file.size, error: null }]);
      let session = uploadId;
      try {
        const result = await client.upload(file, {
          name,
          ...(uploadId ? { uploadId } : {}),
          onSession: (id) => {
            session = id;
          },
          onProgress: (sent, total) => update({ sent, total }),
        });
        await client.send(room, { type: typeOf(result.kind), content: result.url, name: result.name, size: result.size });
        setUploads((list) => list.filter((u) => u.name !== name));
      } catch (err) {
        update({ error: errorKey(err), file, ...(session ? { uploadId: session } : {}) });
      }
    },
    [client, room],
  );
  const dismiss = (name: string) => setUploads((list) => list.filter((u) => u.name !== name));
  return { uploads, send, dismiss };
}
