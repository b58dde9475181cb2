-- The Vision list's SEO record was seeded with the English word as its Indonesian title, so the
-- Indonesian page's <title> said "Vision" where its heading, menu and feed say "Visi". Only that
-- seeded value changes (a title staff chose stays); its new change time makes the site read it.
UPDATE `seo` SET `title` = 'Visi', `updatedAt` = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE `page` = 'vision' AND `title` = 'Vision';
