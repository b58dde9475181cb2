import { resources } from '@cms/worker/contract';
import type { StoredFile } from '@cms/worker/contract/api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FILES_QUERY } from '../api/files.ts';
import FilePicker, { PICK_LIMIT } from './FilePicker.tsx';
import MultiSelect, { selectionSummary } from './MultiSelect.tsx';
import { Tabs } from './Tabs.tsx';
import TextCell from './TextCell.tsx';
import UploadButton, { fileProblem } from './UploadButton.tsx';
import { SignedIn } from '../test/session.tsx';

afterEach(cleanup);

const MB = 1024 * 1024;
const sized = (name: string, bytes: number, type = 'image/png') => {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
};

const storedFile = (name: string, contentType = 'image/png'): StoredFile => ({
  name,
  bucket: 'local',
  size: 2048,
  contentType,
  timeCreated: '2026-11-01T00:00:00.000Z',
  updated: '2026-11-01T00:00:00.000Z',
  url: `/uploads/${name}`,
});

/** The widgets read stored files through the query cache; tests fill it instead of the network. */
function withFiles(files: StoredFile[], permissions?: string[]) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(FILES_QUERY, files);
  return ({ children }: { children: React.ReactNode }) => (
    <SignedIn permissions={permissions}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </SignedIn>
  );
}

describe('multi-select category dropdown', () => {
  const options = ['Edukasi', 'Riset', 'Komunitas', 'Kebijakan'].map((label, i) => ({ value: `c${i}`, label }));

  it('names the first two choices, then counts the rest', () => {
    expect(selectionSummary(options, [], 'Pilih Categories')).toBe('Pilih Categories');
    expect(selectionSummary(options, ['c1'], '-')).toBe('Riset');
    expect(selectionSummary(options, ['c0', 'c1'], '-')).toBe('Edukasi, Riset');
    expect(selectionSummary(options, ['c0', 'c1', 'c2', 'c3'], '-')).toBe('Edukasi, Riset +2 lainnya');
  });

  function Harness() {
    const [value, setValue] = useState<string[]>([]);
    return <MultiSelect label="Categories" options={options} value={value} onChange={setValue} />;
  }

  it('searches, selects all shown, clears all, and closes on Escape', () => {
    render(<Harness />);
    const toggle = screen.getByRole('button', { name: /Categories/ });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Cari Categories' }), { target: { value: 'ri' } });
    expect(screen.getAllByRole('checkbox').map((box) => box.parentElement?.textContent)).toEqual(['Riset']);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Cari Categories' }), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pilih semua' }));
    expect(toggle.textContent).toContain('Edukasi, Riset +2 lainnya');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Edukasi' }));
    expect(toggle.textContent).toContain('Riset, Komunitas +1 lainnya');
    fireEvent.click(screen.getByRole('button', { name: 'Hapus semua' }));
    expect(toggle.textContent).toContain('Pilih Categories');
    fireEvent.keyDown(screen.getByRole('searchbox'), { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });
});

describe('tabs', () => {
  function StatusTabs() {
    const [status, setStatus] = useState('new');
    return (
      <Tabs label="Status" tabs={[{ value: '', label: 'Semua' }, { value: 'new', label: 'Baru' }, { value: 'done', label: 'Selesai' }]} selected={status} onSelect={setStatus}>
        <p>Daftar {status || 'semua'}</p>
      </Tabs>
    );
  }

  it('name the panel they control, which is labelled by the selected tab', () => {
    render(<StatusTabs />);
    const panel = screen.getByRole('tabpanel', { name: 'Baru' });
    expect(panel.textContent).toBe('Daftar new');
    for (const tab of screen.getAllByRole('tab')) expect(tab.getAttribute('aria-controls')).toBe(panel.id);
    fireEvent.click(screen.getByRole('tab', { name: 'Selesai' }));
    expect(screen.getByRole('tabpanel', { name: 'Selesai' }).textContent).toBe('Daftar done');
  });

  it('take one Tab stop and move with the arrow keys, Home and End, wrapping around', () => {
    render(<StatusTabs />);
    expect(screen.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([-1, 0, -1]);
    const list = screen.getByRole('tablist', { name: 'Status' });
    fireEvent.keyDown(list, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Selesai');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Selesai' }));
    fireEvent.keyDown(list, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Semua');
    fireEvent.keyDown(list, { key: 'ArrowLeft' });
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Selesai');
    fireEvent.keyDown(list, { key: 'Home' });
    expect(screen.getByRole('tabpanel').textContent).toBe('Daftar semua');
    fireEvent.keyDown(list, { key: 'End' });
    expect(screen.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([-1, -1, 0]);
  });
});

describe('table text cell', () => {
  const long = `<p>${'Sampah organik diolah menjadi kompos. '.repeat(5)}</p>`;

  it('strips HTML and cuts at the length, with Show more / Hide', () => {
    const { container } = render(<TextCell value={long} truncate={20} />);
    expect(container.textContent).toMatch(/^Sampah organik diola\.\.\. Show more$/);
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(container.textContent).toContain('kompos. Sampah organik');
    expect(container.textContent).not.toContain('<p>');
    fireEvent.click(screen.getByRole('button', { name: 'Hide' }));
    expect(container.textContent).toMatch(/^Sampah organik diola\.\.\. Show more$/);
  });

  it('shows character references as the characters they stand for', () => {
    // As stored: "&amp;" is an ampersand the author typed, "&amp;amp;" one they typed as "&amp;".
    const stored = '<p>Sampah &amp; energi &#8212; &lt;baru&gt;&nbsp;&#x1F331; &amp;amp;</p>';
    expect(render(<TextCell value={stored} />).container.textContent).toBe('Sampah & energi — <baru> 🌱 &amp;');
  });

  it('shows short text whole, and the fallback for none', () => {
    expect(render(<TextCell value="<b>Pendek</b>" truncate={80} />).container.textContent).toBe('Pendek');
    cleanup();
    expect(render(<TextCell value="" fallback="-" />).container.textContent).toBe('-');
  });

  it('opens the whole description in a dialog with Read more', () => {
    render(<TextCell value={long} truncate={100} expand="popup" title="Bank Sampah" />);
    fireEvent.click(screen.getByRole('button', { name: 'Read more' }));
    const dialog = screen.getByRole('dialog', { name: 'Bank Sampah' });
    expect(dialog.textContent).toContain('Sampah organik diolah menjadi kompos. '.repeat(5).trim());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tutup' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('file picker dialog', () => {
  const files = [...Array.from({ length: 12 }, (_, i) => storedFile(`foto-${i + 1}.png`)), storedFile('laporan.pdf', 'application/pdf')];

  it('searches by name and offers only images to image fields', () => {
    const onPick = vi.fn();
    render(<FilePicker open imagesOnly onPick={onPick} onClose={() => {}} />, { wrapper: withFiles(files) });
    expect(screen.getAllByRole('radio')).toHaveLength(12);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Cari file' }), { target: { value: 'foto-1' } });
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('aria-label'))).toEqual(['foto-1.png', 'foto-10.png', 'foto-11.png', 'foto-12.png']);
    fireEvent.click(screen.getByRole('radio', { name: 'foto-11.png' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pilih 1 File' }));
    expect(onPick).toHaveBeenCalledWith([files[10]]);
  });

  it(`stops at ${PICK_LIMIT} files in multiple mode and closes with Tutup`, () => {
    const onPick = vi.fn();
    const onClose = vi.fn();
    render(<FilePicker open multiple onPick={onPick} onClose={onClose} />, { wrapper: withFiles(files) });
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes).toHaveLength(13);
    boxes.forEach((box) => fireEvent.click(box));
    expect(boxes.filter((box) => (box as HTMLInputElement).checked)).toHaveLength(PICK_LIMIT);
    expect((boxes[12] as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('Maksimal 10 file.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pilih 10 File' }));
    expect(onPick.mock.calls[0]![0]).toHaveLength(PICK_LIMIT);
    fireEvent.click(screen.getByRole('button', { name: 'Tutup' }));
    expect(onClose).toHaveBeenCalled();
  });
});

describe('upload button', () => {
  it('refuses files with the text for each limit', () => {
    const fields = resources;
    expect(fileProblem(sized('besar.png', 50 * MB + 1), fields.vision.fields.image)).toBe('File besar.png terlalu besar. Maksimal 50MB.');
    expect(fileProblem(sized('v.png', 10 * MB + 1), fields.values.fields.image)).toBe('Ukuran file terlalu besar. Maksimal 10MB.');
    expect(fileProblem(sized('logo.png', MB + 1), fields.seo.fields.logo)).toBe('Ukuran file terlalu besar. Maksimal 1MB.');
    expect(fileProblem(sized('doc.pdf', 1000, 'application/pdf'), fields.vision.fields.image)).toBe('File type not supported. Use format: JPG, PNG, GIF, WebP, SVG.');
    expect(fileProblem(sized('icon.jpg', 1000, 'image/jpeg'), fields.seo.fields.appleTouchIcon)).toBe('File type not supported. Use format: PNG.');
    expect(fileProblem(sized('ok.png', 50 * MB), fields.vision.fields.image)).toBeNull();
  });

  it('discards a refused file and offers stored images instead', async () => {
    const onUpload = vi.fn();
    const onChoose = vi.fn();
    render(<UploadButton id="image" label={<label htmlFor="image">Gambar</label>} field={resources.values.fields.image} value="" onUpload={onUpload} onChoose={onChoose} />, {
      wrapper: withFiles([storedFile('tim.png'), storedFile('video.mp4', 'video/mp4')]),
    });
    const input = screen.getByLabelText<HTMLInputElement>('Gambar');
    fireEvent.change(input, { target: { files: [sized('besar.png', 11 * MB)] } });
    expect(screen.getByRole('alert').textContent).toBe('Ukuran file terlalu besar. Maksimal 10MB.');
    expect(onUpload).toHaveBeenLastCalledWith(null);

    fireEvent.click(screen.getByRole('button', { name: /^Pilih dari file yang ada/ }));
    expect(screen.getAllByRole('radio')).toHaveLength(1);
    fireEvent.click(screen.getByRole('radio', { name: 'tim.png' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Pilih 1 File' })));
    expect(onChoose).toHaveBeenCalledWith('/uploads/tim.png');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers no stored files to someone who may not read them', () => {
    render(<UploadButton id="image" label={<label htmlFor="image">Gambar</label>} field={resources.vision.fields.image} value="" onUpload={() => {}} onChoose={() => {}} />, {
      wrapper: withFiles([storedFile('tim.png')], ['vision.read', 'vision.list', 'vision.update']),
    });
    expect(screen.getByLabelText('Gambar')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Pilih dari file yang ada/ })).toBeNull();
  });
});
