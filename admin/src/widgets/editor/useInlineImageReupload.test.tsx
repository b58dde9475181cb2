import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { replaceImageSources } from './inlineImages.ts';
import { MAX_ATTEMPTS, REUPLOAD_INTERVAL_MS, useInlineImageReupload } from './useInlineImageReupload.ts';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** The light editor's content as a plain string, updated the way the editor would. */
function setup(initial: string, upload: (file: File) => Promise<string>, enabled = true) {
  let html = initial;
  const applyUploads = vi.fn((uploads: ReadonlyMap<string, string>) => {
    html = replaceImageSources(html, uploads);
  });
  renderHook(() => useInlineImageReupload({ enabled, readHtml: () => html, upload, applyUploads }));
  return { applyUploads, current: () => html };
}

describe('re-uploading inline embedded images every 5 seconds', () => {
  it('uploads each data: image as a file on the next 5 s tick and puts the url in its place', async () => {
    const upload = vi.fn(async (file: File) => `/uploads/${file.name}`);
    const content = setup(`<p>a</p><img src="${PNG}"><img src="${PNG}">`, upload);
    await act(() => vi.advanceTimersByTimeAsync(REUPLOAD_INTERVAL_MS - 1));
    expect(upload).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(upload).toHaveBeenCalledTimes(1);
    const file = upload.mock.calls[0]![0];
    expect(file.type).toBe('image/png');
    expect(content.current()).toBe(`<p>a</p><img src="/uploads/${file.name}"><img src="/uploads/${file.name}">`);
    await act(() => vi.advanceTimersByTimeAsync(REUPLOAD_INTERVAL_MS * 2));
    expect(upload).toHaveBeenCalledTimes(1);
  });

  it('tries a failed upload again on later ticks, at most a few times', async () => {
    const upload = vi.fn(async (): Promise<string> => {
      throw new Error('offline');
    });
    const content = setup(`<img src="${PNG}">`, upload);
    await act(() => vi.advanceTimersByTimeAsync(REUPLOAD_INTERVAL_MS * (MAX_ATTEMPTS + 3)));
    expect(upload).toHaveBeenCalledTimes(MAX_ATTEMPTS);
    expect(content.current()).toBe(`<img src="${PNG}">`);
  });

  it('does not upload the same image twice while its upload is still running', async () => {
    let finish: (url: string) => void = () => undefined;
    const upload = vi.fn(() => new Promise<string>((resolve) => (finish = resolve)));
    const content = setup(`<img src="${PNG}">`, upload);
    await act(() => vi.advanceTimersByTimeAsync(REUPLOAD_INTERVAL_MS * 3));
    expect(upload).toHaveBeenCalledTimes(1);
    await act(async () => finish('/uploads/a.png'));
    expect(content.current()).toBe('<img src="/uploads/a.png">');
  });

  it('does nothing when off (the full editor)', async () => {
    const upload = vi.fn(async () => '/uploads/a.png');
    setup(`<img src="${PNG}">`, upload, false);
    await act(() => vi.advanceTimersByTimeAsync(REUPLOAD_INTERVAL_MS * 3));
    expect(upload).not.toHaveBeenCalled();
  });
});
