CREATE TABLE `preview` (
	`id` text PRIMARY KEY NOT NULL,
	`tokenHash` text NOT NULL,
	`collection` text NOT NULL,
	`recordId` text DEFAULT '' NOT NULL,
	`data` text NOT NULL,
	`createdBy` text,
	`createdByName` text DEFAULT '' NOT NULL,
	`expiresAt` text NOT NULL,
	`revokedAt` text,
	`createdAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `preview_tokenHash_unique` ON `preview` (`tokenHash`);--> statement-breakpoint
CREATE INDEX `preview_record` ON `preview` (`collection`,`recordId`);--> statement-breakpoint
CREATE INDEX `preview_expires` ON `preview` (`expiresAt`);