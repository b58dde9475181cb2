CREATE TABLE `idempotent_request` (
	`key` text PRIMARY KEY NOT NULL,
	`request` text NOT NULL,
	`status` integer,
	`body` text,
	`createdAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `idempotent_request_created` ON `idempotent_request` (`createdAt`);
