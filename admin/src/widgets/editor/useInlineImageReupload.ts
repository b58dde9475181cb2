/**
 * The light editor's timer: every 5 seconds, images still embedded as data: URIs are uploaded
 * and their src replaced with the returned url, so stored content carries links, not megabytes
 * of base64. A failed upload is tried again on later ticks, at most MAX_ATTEMPTS times.
 */
import type { Editor } from '@tiptap/react';
import { useEffect, useRef } from 'react';
import { dataUriToFile, findInlineImageSources } from './inlineImages.ts';

export const REUPLOAD_INTERVAL_MS = 5000;
export const MAX_ATTEMPTS = 3;

export interface InlineImageReuploadOptions {
  enabled: boolean;
  /** The current content. */
  readHtml: () => string;
  upload: (file: File) => Promise<string>;
  /** Puts the uploaded urls (keyed by the data: URI they replace) into the content. */
  applyUploads: (uploads: ReadonlyMap<string, string>) => void;
  intervalMs?: number;
}

export function useInlineImageReupload({ enabled, intervalMs = REUPLOAD_INTERVAL_MS, ...callbacks }: InlineImageReuploadOptions) {
  // The timer outlives renders; it reads the latest callbacks through this ref.
  const latest = useRef(callbacks);
  useEffect(() => {
    latest.current = callbacks;
  });

  useEffect(() => {
    if (!enabled) return;
    const attempts = new Map<string, number>();
    const inFlight = new Set<string>();
    let stopped = false;
    let uploadCount = 0;

    const uploadOne = async (source: string) => {
      inFlight.add(source);
      attempts.set(source, (attempts.get(source) ?? 0) + 1);
      try {
        const url = await latest.current.upload(dataUriToFile(source, `gambar-${Date.now()}-${++uploadCount}`));
        if (!stopped) latest.current.applyUploads(new Map([[source, url]]));
      } catch {
        // Left embedded; the next tick tries again until MAX_ATTEMPTS.
      } finally {
        inFlight.delete(source);
      }
    };

    const tick = () => {
      for (const source of findInlineImageSources(latest.current.readHtml())) {
        if (!inFlight.has(source) && (attempts.get(source) ?? 0) < MAX_ATTEMPTS) void uploadOne(source);
      }
    };
    const timer = setInterval(tick, intervalMs);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [enabled, intervalMs]);
}

/** Points the editor's image nodes at their uploaded urls, outside the undo history (undo must not bring base64 back). */
export function replaceEditorImageSources(editor: Editor, uploads: ReadonlyMap<string, string>) {
  const { tr, doc } = editor.state;
  doc.descendants((node, position) => {
    const source: unknown = node.attrs.src;
    const uploaded = node.type.name === 'image' && typeof source === 'string' ? uploads.get(source) : undefined;
    if (uploaded !== undefined) tr.setNodeMarkup(position, undefined, { ...node.attrs, src: uploaded });
  });
  if (tr.docChanged) editor.view.dispatch(tr.setMeta('addToHistory', false));
}
