import { MAX_UPLOAD_BYTES } from '../limits.ts';
import { aboutBlock } from './shared.ts';

export const history = aboutBlock('history', 'history', 'History', 110, MAX_UPLOAD_BYTES, true, { deleteReason: true }, { template: 'history', page: '/about-us' });
