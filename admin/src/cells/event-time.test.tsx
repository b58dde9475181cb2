import { resources } from '@cms/worker/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SCREENS } from '../screens/screens.ts';
import { timestamp } from '../fields/timestamp.tsx';
import { DateCell } from './date.tsx';

afterEach(cleanup);

const agendaScreen = SCREENS.find((screen) => screen.resource === 'agenda')!;

describe("an event's time", () => {
  it('is a required WIB input that does not invite leaving it empty', () => {
    const field = resources.agenda.fields.startsAt;
    const Input = timestamp.Input;
    const form = { resource: resources.agenda, screen: agendaScreen, record: null, values: {} };
    render(
      <Input id="startsAt" name="startsAt" field={field} label={<label htmlFor="startsAt">Tanggal & Waktu</label>} value="2026-12-20T00:00:00.000Z" onChange={() => {}} onFile={() => {}} required dialect="id" form={form} />,
    );
    const input = screen.getByLabelText('Tanggal & Waktu');
    expect(input).toHaveProperty('required', true);
    expect((input as HTMLInputElement).value).toBe('2026-12-20T07:00');
    expect(screen.getByText('WIB (Asia/Jakarta).')).toBeTruthy();
  });

  it('has an optional end, which may be left empty', () => {
    const field = resources.agenda.fields.endsAt;
    const Input = timestamp.Input;
    const form = { resource: resources.agenda, screen: agendaScreen, record: null, values: {} };
    render(<Input id="endsAt" name="endsAt" field={field} label={<label htmlFor="endsAt">Selesai</label>} value="" onChange={() => {}} onFile={() => {}} required={false} dialect="id" form={form} />);
    expect(screen.getByLabelText('Selesai')).toHaveProperty('required', false);
    expect(screen.getByText('WIB (Asia/Jakarta). Kosongkan jika tidak ada waktunya.')).toBeTruthy();
  });

  it('shows in the list with its hour in WIB', () => {
    const column = agendaScreen.columns.find((column) => column.field === 'startsAt')!;
    render(<DateCell cell={column.cell as Extract<typeof column.cell, { as: 'date' }>} column={column} row={{ _id: 'event-1', startsAt: '2026-12-20T00:00:00.000Z' }} resource={resources.agenda} />);
    expect(screen.getByText(/20 Des 2026.*07[.:]00 WIB/)).toBeTruthy();
  });
});
