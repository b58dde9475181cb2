CREATE TABLE `newsletter_delivery` (
	`issueId` text NOT NULL,
	`subscriberId` text NOT NULL,
	`email` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`claimedAt` text,
	`sentAt` text,
	`error` text DEFAULT '' NOT NULL,
	PRIMARY KEY(`issueId`, `subscriberId`),
	FOREIGN KEY (`issueId`) REFERENCES `newsletter_issue`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `newsletter_delivery_status` ON `newsletter_delivery` (`issueId`,`status`);--> statement-breakpoint
CREATE TABLE `newsletter_issue` (
	`id` text PRIMARY KEY NOT NULL,
	`subject` text NOT NULL,
	`body` text DEFAULT '' NOT NULL,
	`articles` text DEFAULT '[]' NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`siteUrl` text DEFAULT '' NOT NULL,
	`createdBy` text DEFAULT '' NOT NULL,
	`startedAt` text,
	`finishedAt` text,
	`createdAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updatedAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `newsletter_issue_status` ON `newsletter_issue` (`status`);--> statement-breakpoint
CREATE TABLE `signup_attempt` (
	`key` text PRIMARY KEY NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	`windowStart` text NOT NULL
);
--> statement-breakpoint
ALTER TABLE `subscriber` ADD `confirmationSentAt` text;--> statement-breakpoint
ALTER TABLE `subscriber` ADD `unsubscribedAt` text;