CREATE TABLE `revision` (
	`id` text PRIMARY KEY NOT NULL,
	`collection` text NOT NULL,
	`recordId` text NOT NULL,
	`version` integer NOT NULL,
	`action` text NOT NULL,
	`snapshot` text NOT NULL,
	`userId` text,
	`username` text DEFAULT '' NOT NULL,
	`createdAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `revision_record_version` ON `revision` (`collection`,`recordId`,`version`);--> statement-breakpoint
CREATE INDEX `revision_created` ON `revision` (`createdAt`);--> statement-breakpoint
ALTER TABLE `bio_core` ADD `publishAt` text;--> statement-breakpoint
ALTER TABLE `bio_core` ADD `unpublishAt` text;--> statement-breakpoint
ALTER TABLE `hero_section` ADD `publishAt` text;--> statement-breakpoint
ALTER TABLE `hero_section` ADD `unpublishAt` text;--> statement-breakpoint
ALTER TABLE `our_impact` ADD `publishAt` text;--> statement-breakpoint
ALTER TABLE `our_impact` ADD `unpublishAt` text;--> statement-breakpoint
ALTER TABLE `our_work` ADD `publishAt` text;--> statement-breakpoint
ALTER TABLE `our_work` ADD `unpublishAt` text;--> statement-breakpoint
ALTER TABLE `vision` ADD `publishAt` text;--> statement-breakpoint
ALTER TABLE `vision` ADD `unpublishAt` text;