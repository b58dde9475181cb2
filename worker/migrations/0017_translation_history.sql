CREATE TABLE `translation_revision` (
	`id` text PRIMARY KEY NOT NULL,
	`collection` text NOT NULL,
	`recordId` text NOT NULL,
	`locale` text NOT NULL,
	`version` integer NOT NULL,
	`action` text NOT NULL,
	`snapshot` text NOT NULL,
	`userId` text,
	`username` text DEFAULT '' NOT NULL,
	`createdAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `translation_revision_version` ON `translation_revision` (`collection`,`recordId`,`locale`,`version`);--> statement-breakpoint
ALTER TABLE `preview` ADD `locale` text DEFAULT 'id' NOT NULL;