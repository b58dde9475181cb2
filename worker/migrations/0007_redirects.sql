CREATE TABLE `not_found` (
	`path` text PRIMARY KEY NOT NULL,
	`hits` integer DEFAULT 1 NOT NULL,
	`referrer` text DEFAULT '' NOT NULL,
	`lastSeen` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `not_found_last_seen` ON `not_found` (`lastSeen`);--> statement-breakpoint
CREATE TABLE `redirect` (
	`id` text PRIMARY KEY NOT NULL,
	`from` text DEFAULT '' NOT NULL,
	`to` text DEFAULT '' NOT NULL,
	`status` text DEFAULT '301' NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`isActive` integer DEFAULT true NOT NULL,
	`createdAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updatedAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `redirect_from_unique` ON `redirect` (`from`);