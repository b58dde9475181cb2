/** Every /api answer, whatever its status or body, is never sniffed, leaks no address, and stays on this site. */
import { describe, expect, it } from 'vitest';
import { asAdmin, Client } from './client.ts';

const API_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-resource-policy': 'same-site',
};

const headersOf = (headers: Headers) => Object.fromEntries(Object.keys(API_HEADERS).map((name) => [name, headers.get(name)]));

describe('API answer headers', () => {
  it('come with successes, refusals, errors and unknown endpoints alike', async () => {
    const admin = await asAdmin();
    const anonymous = new Client();
    const answers = [
      await anonymous.get('/api/settings'),
      await anonymous.get('/api/subscribe'),
      await admin.post('/api/redirect', { from: 'tanpa-garis', to: '/' }),
      await admin.get('/api/tidak-ada'),
      await anonymous.get('/api/subscribe/export'),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 401, 400, 404, 401]);
    for (const answer of answers) expect(headersOf(answer.headers)).toEqual(API_HEADERS);
    for (const path of ['/api', '/api/', '/api/health']) {
      const answer = await fetch(admin.base + path);
      expect(headersOf(answer.headers), path).toEqual(API_HEADERS);
    }
  });
});
