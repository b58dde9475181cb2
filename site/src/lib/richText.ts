/** Rich text as the site shows it: shared with the worker, which renders previews with it. */
export { richHtml } from '@cms/worker/contract';
