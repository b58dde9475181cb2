import { resources } from '@cms/worker/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { toFormData, initialValues } from '../screens/ResourceForm.tsx';
import { SignedIn } from '../test/session.tsx';
import ListEditor, { PENDING_FILES, type ListItem } from './ListEditor.tsx';

afterEach(cleanup);

const features = resources.bioCore.fields.features;
let latest: ListItem[] = [];
let preparing: boolean[] = [];

function Harness({ start = [] as ListItem[] }) {
  const [items, setItems] = useState<ListItem[]>(start);
  useEffect(() => {
    latest = items;
  }, [items]);
  return (
    <SignedIn>
      <QueryClientProvider client={new QueryClient()}>
        <ListEditor name="features" label={features.label} field={features} value={items} onChange={setItems} dialect="id" onPreparing={(busy) => preparing.push(busy)} />
      </QueryClientProvider>
    </SignedIn>
  );
}

describe('the repeatable-list editor', () => {
  it('builds each card from the list field: labelled inputs, a text area, an upload, its own Hapus', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: '+ Tambah Fitur' }));
    fireEvent.click(screen.getByRole('button', { name: '+ Tambah Fitur' }));
    const second = screen.getAllByRole('listitem')[1]!;
    expect(within(second).getByText('Fitur 2')).toBeTruthy();
    expect(within(second).getByLabelText('Judul').tagName).toBe('INPUT');
    expect(within(second).getByLabelText('Deskripsi').tagName).toBe('TEXTAREA');
    expect(within(second).getByLabelText('Ikon').getAttribute('aria-describedby')).toBe('field-features-1-icon-hint');
    expect(within(second).getByLabelText<HTMLInputElement>('Gambar').type).toBe('file');
    expect(within(second).getByRole('button', { name: 'Hapus Fitur Utama 2' })).toBeTruthy();
  });

  it('keeps a chosen image with its item until saved, out of the JSON sent; removing renumbers', async () => {
    preparing = [];
    render(<Harness />);
    for (let i = 0; i < 3; i++) fireEvent.click(screen.getByRole('button', { name: '+ Tambah Fitur' }));
    const cards = () => screen.getAllByRole('listitem');
    fireEvent.change(within(cards()[1]!).getByLabelText('Judul'), { target: { value: 'Modular' } });
    const photo = new File(['x'], 'modular.png', { type: 'image/png' });
    fireEvent.change(within(cards()[1]!).getByLabelText('Gambar'), { target: { files: [photo] } });
    // The photo is prepared for upload (scaled, metadata dropped) before the item holds it, and
    // the form is told meanwhile so that Save waits for it.
    await waitFor(() => expect(latest[1]?.[PENDING_FILES]?.image?.name).toBe('modular.png'));
    expect(preparing).toEqual([true, false]);
    fireEvent.click(screen.getByRole('button', { name: 'Hapus Fitur Utama 1' }));
    expect(latest.map((item) => [item.title, item.order])).toEqual([
      ['Modular', 0],
      ['', 1],
    ]);
    expect(latest[0]![PENDING_FILES]?.image?.name).toBe('modular.png');
    // The card that moved up keeps its own inputs and preview.
    expect(within(cards()[0]!).getByLabelText<HTMLInputElement>('Judul').value).toBe('Modular');
    expect(within(cards()[0]!).getByAltText('Pratinjau')).toBeTruthy();
    expect(within(cards()[1]!).queryByAltText('Pratinjau')).toBeNull();
    const sent = toFormData(resources.bioCore, { ...initialValues(resources.bioCore, null), features: latest }, {});
    expect(JSON.parse(String(sent.get('features')))[0]).toEqual({ title: 'Modular', description: '', icon: '', image: '', order: 0 });
  });
});
