import { Miniflare, convertV4MiniflareOptions } from 'miniflare';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';
const { workerOptions } = unstable_getMiniflareWorkerOptions('/work/wt/api-harness/wrangler.toml', undefined, { overrides: { assets: { directory: '/tmp/apih/www' } } });
const { modulesRules, rootPath, ...rest } = workerOptions as never as Record<string, unknown>;
const variants: Record<string, Record<string, unknown>> = {
  noassets: { assets: undefined },
  plain: {},
  outbound: { outboundService: async (req: Request) => new Response('{}', { status: 202 }) },
};
for (const [variant, extra] of Object.entries(variants)) {
  const t = performance.now();
  try {
    const mf = new Miniflare(convertV4MiniflareOptions({ workers: [{ ...rest, name: 'waste-cms', rootPath: '/tmp/apih/bundle', modules: true, scriptPath: '/tmp/apih/bundle/index.js', ...extra }] } as never));
    const r = await mf.dispatchFetch('http://localhost/api/health');
    console.log(variant, r.status, (await r.text()).slice(0, 200), performance.now() - t);
    await mf.dispose();
  } catch (e) { console.log(variant, String(e).slice(0, 1500)); }
}
