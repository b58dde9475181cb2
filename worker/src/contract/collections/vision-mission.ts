import { MEDIUM_IMAGE_BYTES } from '../limits.ts';
import { aboutBlock, SAVE_DETAIL } from './shared.ts';

/** No public page shows it: saving it asks for no site build. */
export const visionMission = aboutBlock('vision-mission', 'vision_mission', 'Vision & Mission', 120, MEDIUM_IMAGE_BYTES, false, { payloadLimit: '10MB', savePrefix: SAVE_DETAIL });
