CREATE TABLE `login_ticket` (
	`tokenHash` text PRIMARY KEY NOT NULL,
	`userId` text NOT NULL,
	`purpose` text NOT NULL,
	`expiresAt` text NOT NULL,
	`createdAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `login_ticket_expires` ON `login_ticket` (`expiresAt`);--> statement-breakpoint
CREATE TABLE `passkey` (
	`id` text PRIMARY KEY NOT NULL,
	`userId` text NOT NULL,
	`name` text NOT NULL,
	`publicKey` text NOT NULL,
	`counter` integer DEFAULT 0 NOT NULL,
	`transports` text DEFAULT '[]' NOT NULL,
	`createdAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`lastUsedAt` text,
	FOREIGN KEY (`userId`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `passkey_user` ON `passkey` (`userId`);--> statement-breakpoint
CREATE TABLE `recovery_code` (
	`id` text PRIMARY KEY NOT NULL,
	`userId` text NOT NULL,
	`codeHash` text NOT NULL,
	`usedAt` text,
	`createdAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `recovery_code_user` ON `recovery_code` (`userId`);--> statement-breakpoint
CREATE UNIQUE INDEX `recovery_code_hash` ON `recovery_code` (`userId`,`codeHash`);--> statement-breakpoint
CREATE TABLE `totp_factor` (
	`userId` text PRIMARY KEY NOT NULL,
	`secret` text NOT NULL,
	`confirmedAt` text,
	`lastStep` integer DEFAULT 0 NOT NULL,
	`createdAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `webauthn_challenge` (
	`challenge` text PRIMARY KEY NOT NULL,
	`purpose` text NOT NULL,
	`userId` text,
	`expiresAt` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `webauthn_challenge_expires` ON `webauthn_challenge` (`expiresAt`);--> statement-breakpoint
ALTER TABLE `role` ADD `requireSecondFactor` integer DEFAULT false NOT NULL;