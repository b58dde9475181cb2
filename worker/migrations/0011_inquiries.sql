CREATE TABLE `inquiry` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`organisation` text DEFAULT '' NOT NULL,
	`topic` text DEFAULT '' NOT NULL,
	`message` text NOT NULL,
	`status` text DEFAULT 'new' NOT NULL,
	`assigneeId` text,
	`notes` text DEFAULT '' NOT NULL,
	`consentText` text NOT NULL,
	`consentedAt` text NOT NULL,
	`sourcePage` text DEFAULT '' NOT NULL,
	`language` text DEFAULT 'id' NOT NULL,
	`notifiedAt` text,
	`createdAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updatedAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`assigneeId`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `inquiry_status_created` ON `inquiry` (`status`,`createdAt`);--> statement-breakpoint
CREATE INDEX `inquiry_email` ON `inquiry` (`email`);--> statement-breakpoint
CREATE INDEX `inquiry_notified` ON `inquiry` (`notifiedAt`);--> statement-breakpoint
CREATE TABLE `inquiry_reply` (
	`id` text PRIMARY KEY NOT NULL,
	`inquiryId` text NOT NULL,
	`body` text NOT NULL,
	`authorId` text,
	`authorName` text DEFAULT '' NOT NULL,
	`sentAt` text NOT NULL,
	FOREIGN KEY (`inquiryId`) REFERENCES `inquiry`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `inquiry_reply_inquiry` ON `inquiry_reply` (`inquiryId`,`sentAt`);--> statement-breakpoint
CREATE TABLE `subscriber_consent` (
	`subscriberId` text PRIMARY KEY NOT NULL,
	`consentText` text NOT NULL,
	`consentedAt` text NOT NULL,
	`sourcePage` text DEFAULT '' NOT NULL,
	`language` text DEFAULT 'id' NOT NULL,
	`confirmationSentAt` text,
	`confirmedAt` text,
	FOREIGN KEY (`subscriberId`) REFERENCES `subscriber`(`id`) ON UPDATE no action ON DELETE cascade
);
