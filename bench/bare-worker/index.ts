/**
 * The yardstick of `npm run bench:api`: a bare Hono worker reading the same public rows from the
 * same local D1, one prepared statement per request, no middleware. Never deployed.
 */
import { Hono } from 'hono';

interface Env {
  DB: D1Database;
}

const app = new Hono<{ Bindings: Env }>();

app.get('/api/our-work', async (c) => {
  const { results } = await c.env.DB.prepare('SELECT * FROM our_work WHERE isActive = 1 ORDER BY "order", createdAt DESC LIMIT 100').all();
  return c.json({ success: true, data: results, message: 'OK' });
});

app.get('/api/bio-core', async (c) => {
  const limit = Math.min(Number(c.req.query('limit') ?? 12) || 12, 100);
  const page = Math.max(Number(c.req.query('page') ?? 1) || 1, 1);
  const { results } = await c.env.DB.prepare('SELECT * FROM bio_core WHERE isPublished = 1 ORDER BY createdAt DESC LIMIT ? OFFSET ?')
    .bind(limit, (page - 1) * limit)
    .all();
  return c.json({ success: true, data: results, message: 'OK' });
});

app.get('/api/bio-core/slug/:slug', async (c) => {
  const row = await c.env.DB.prepare('SELECT * FROM bio_core WHERE slug = ? AND isPublished = 1').bind(c.req.param('slug')).first();
  return row ? c.json({ success: true, data: row, message: 'OK' }) : c.json({ success: false, data: null, message: 'Not found' }, 404);
});

export default app;
