CREATE TABLE `agenda` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`slug` text DEFAULT '' NOT NULL,
	`startsAt` text,
	`place` text DEFAULT '' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`isPublished` integer DEFAULT true NOT NULL,
	`image` text DEFAULT '' NOT NULL,
	`imageAlt` text DEFAULT '' NOT NULL,
	`imageFocus` text DEFAULT '' NOT NULL,
	`createdAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updatedAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `agenda_slug_unique` ON `agenda` (`slug`);