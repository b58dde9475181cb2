CREATE TABLE `translation` (
	`collection` text NOT NULL,
	`recordId` text NOT NULL,
	`locale` text NOT NULL,
	`slug` text,
	`values` text DEFAULT '{}' NOT NULL,
	`isPublished` integer DEFAULT false NOT NULL,
	`sourceHash` text DEFAULT '' NOT NULL,
	`createdAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updatedAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	PRIMARY KEY(`collection`, `recordId`, `locale`)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `translation_slug` ON `translation` (`collection`,`locale`,`slug`);