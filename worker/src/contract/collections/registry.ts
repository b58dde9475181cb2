/**
 * Every collection but the permissions (which list the modules of all these), one line each.
 * Adding a collection is its module and its line here: tables, routes, validation, permissions,
 * preview templates, redirect addresses, newsletter kinds and the admin's screens derive from
 * it. This order is the sidebar's where two collections give the same `admin.order`.
 */
import { heroSection } from './hero-section.ts';
import { vision } from './vision.ts';
import { category } from './category.ts';
import { ourWork } from './our-work.ts';
import { impact } from './impact.ts';
import { partner } from './partner.ts';
import { bioCore } from './bio-core.ts';
import { seo } from './seo.ts';
import { gallery } from './gallery.ts';
import { history } from './history.ts';
import { visionMission } from './vision-mission.ts';
import { values } from './values.ts';
import { team } from './team.ts';
import { ourImpact } from './our-impact.ts';
import { agenda } from './agenda.ts';
import { role } from './role.ts';
import { user } from './user.ts';
import { subscriber } from './subscriber.ts';
import { redirect } from './redirect.ts';

export const collections = { heroSection, vision, category, ourWork, impact, partner, bioCore, seo, gallery, history, visionMission, values, team, ourImpact, agenda, role, user, subscriber, redirect };
