CREATE TABLE `account_throttle` (
	`key` text PRIMARY KEY NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	`windowStart` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `invite` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`roleId` text NOT NULL,
	`tokenHash` text NOT NULL,
	`invitedBy` text,
	`invitedByName` text DEFAULT '' NOT NULL,
	`expiresAt` text NOT NULL,
	`sentAt` text NOT NULL,
	`acceptedAt` text,
	`acceptedUserId` text,
	`revokedAt` text,
	`createdAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`roleId`) REFERENCES `role`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invite_tokenHash_unique` ON `invite` (`tokenHash`);--> statement-breakpoint
CREATE INDEX `invite_email` ON `invite` (`email`);--> statement-breakpoint
CREATE INDEX `invite_expires` ON `invite` (`expiresAt`);--> statement-breakpoint
CREATE TABLE `known_device` (
	`userId` text NOT NULL,
	`deviceHash` text NOT NULL,
	`firstSeen` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`lastSeen` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	PRIMARY KEY(`userId`, `deviceHash`),
	FOREIGN KEY (`userId`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `password_reset` (
	`tokenHash` text PRIMARY KEY NOT NULL,
	`userId` text NOT NULL,
	`expiresAt` text NOT NULL,
	`usedAt` text,
	`createdAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `password_reset_user` ON `password_reset` (`userId`);--> statement-breakpoint
CREATE INDEX `password_reset_expires` ON `password_reset` (`expiresAt`);--> statement-breakpoint
ALTER TABLE `session` ADD `userAgent` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `session` ADD `address` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `session` ADD `lastSeenAt` text;