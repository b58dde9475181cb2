CREATE TABLE `audit_log` (
	`id` text PRIMARY KEY NOT NULL,
	`userId` text,
	`username` text DEFAULT '' NOT NULL,
	`action` text NOT NULL,
	`resource` text NOT NULL,
	`recordId` text,
	`summary` text DEFAULT '' NOT NULL,
	`createdAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_created` ON `audit_log` (`createdAt`);--> statement-breakpoint
CREATE TABLE `bio_core` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`subtitle` text DEFAULT '' NOT NULL,
	`slug` text DEFAULT '' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`content` text DEFAULT '' NOT NULL,
	`excerpt` text DEFAULT '' NOT NULL,
	`author` text DEFAULT '' NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`isPublished` integer DEFAULT false NOT NULL,
	`isFeatured` integer DEFAULT false NOT NULL,
	`readTime` integer DEFAULT 5 NOT NULL,
	`featuredImage` text DEFAULT '' NOT NULL,
	`features` text DEFAULT '[]' NOT NULL,
	`createdAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updatedAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bio_core_slug_unique` ON `bio_core` (`slug`);--> statement-breakpoint
CREATE TABLE `category` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`slug` text DEFAULT '' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`isActive` integer DEFAULT true NOT NULL,
	`order` integer DEFAULT 0 NOT NULL,
	`image` text DEFAULT '' NOT NULL,
	`createdAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updatedAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `category_slug_unique` ON `category` (`slug`);--> statement-breakpoint
CREATE TABLE `gallery` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`category` text DEFAULT 'team' NOT NULL,
	`order` integer DEFAULT 0 NOT NULL,
	`isActive` integer DEFAULT true NOT NULL,
	`image` text DEFAULT '' NOT NULL,
	`createdAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updatedAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `hero_section` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`subtitle` text DEFAULT '' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`content` text DEFAULT '' NOT NULL,
	`ctaText` text DEFAULT '' NOT NULL,
	`ctaUrl` text DEFAULT '' NOT NULL,
	`bgColor` text DEFAULT '#ffffff' NOT NULL,
	`align` text DEFAULT 'left' NOT NULL,
	`isActive` integer DEFAULT true NOT NULL,
	`backgroundImage` text DEFAULT '' NOT NULL,
	`createdAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updatedAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `history` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`content` text DEFAULT '' NOT NULL,
	`excerpt` text DEFAULT '' NOT NULL,
	`isPublished` integer DEFAULT true NOT NULL,
	`order` integer DEFAULT 0 NOT NULL,
	`image` text DEFAULT '' NOT NULL,
	`createdAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updatedAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `impact` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`subtitle` text DEFAULT '' NOT NULL,
	`isActive` integer DEFAULT true NOT NULL,
	`stats` text DEFAULT '[]' NOT NULL,
	`mainStatement` text DEFAULT '' NOT NULL,
	`collaborations` text DEFAULT '[]' NOT NULL,
	`metrics` text DEFAULT '[]' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`photos` text DEFAULT '[]' NOT NULL,
	`createdAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updatedAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `login_attempt` (
	`key` text PRIMARY KEY NOT NULL,
	`failures` integer DEFAULT 0 NOT NULL,
	`windowStart` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `our_impact` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`slug` text DEFAULT '' NOT NULL,
	`subtitle` text DEFAULT '' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`isActive` integer DEFAULT true NOT NULL,
	`featuredImage` text DEFAULT '' NOT NULL,
	`createdAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updatedAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `our_impact_slug_unique` ON `our_impact` (`slug`);--> statement-breakpoint
CREATE TABLE `our_work` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`subtitle` text DEFAULT '' NOT NULL,
	`slug` text DEFAULT '' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`content` text DEFAULT '' NOT NULL,
	`activeYear` text DEFAULT '' NOT NULL,
	`isActive` integer DEFAULT true NOT NULL,
	`order` integer DEFAULT 0 NOT NULL,
	`image` text DEFAULT '' NOT NULL,
	`createdAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updatedAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `our_work_slug_unique` ON `our_work` (`slug`);--> statement-breakpoint
CREATE TABLE `our_work_category_ids` (
	`ownerId` text NOT NULL,
	`targetId` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`ownerId`, `targetId`),
	FOREIGN KEY (`ownerId`) REFERENCES `our_work`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`targetId`) REFERENCES `category`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `our_work_category_ids_target` ON `our_work_category_ids` (`targetId`);--> statement-breakpoint
CREATE TABLE `partner` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`website` text DEFAULT '' NOT NULL,
	`category` text DEFAULT 'other' NOT NULL,
	`isActive` integer DEFAULT true NOT NULL,
	`order` integer DEFAULT 0 NOT NULL,
	`logo` text DEFAULT '' NOT NULL,
	`createdAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updatedAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `permission` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`displayName` text DEFAULT '' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`module` text DEFAULT '' NOT NULL,
	`action` text DEFAULT 'create' NOT NULL,
	`isActive` integer DEFAULT true NOT NULL,
	`isSystem` integer DEFAULT false NOT NULL,
	`createdAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updatedAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `permission_name_unique` ON `permission` (`name`);--> statement-breakpoint
CREATE TABLE `role` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`isActive` integer DEFAULT true NOT NULL,
	`isSystem` integer DEFAULT false NOT NULL,
	`level` integer DEFAULT 1 NOT NULL,
	`createdAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updatedAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `role_name_unique` ON `role` (`name`);--> statement-breakpoint
CREATE TABLE `role_permissions` (
	`ownerId` text NOT NULL,
	`targetId` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`ownerId`, `targetId`),
	FOREIGN KEY (`ownerId`) REFERENCES `role`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`targetId`) REFERENCES `permission`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `role_permissions_target` ON `role_permissions` (`targetId`);--> statement-breakpoint
CREATE TABLE `seo` (
	`id` text PRIMARY KEY NOT NULL,
	`page` text DEFAULT '' NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`keywords` text DEFAULT '' NOT NULL,
	`ogTitle` text DEFAULT '' NOT NULL,
	`ogDescription` text DEFAULT '' NOT NULL,
	`ogType` text DEFAULT 'website' NOT NULL,
	`ogUrl` text DEFAULT '' NOT NULL,
	`twitterCard` text DEFAULT 'summary_large_image' NOT NULL,
	`twitterTitle` text DEFAULT '' NOT NULL,
	`twitterDescription` text DEFAULT '' NOT NULL,
	`twitterSite` text DEFAULT '' NOT NULL,
	`twitterCreator` text DEFAULT '' NOT NULL,
	`canonicalUrl` text DEFAULT '' NOT NULL,
	`robots` text DEFAULT 'index, follow' NOT NULL,
	`author` text DEFAULT '' NOT NULL,
	`language` text DEFAULT 'id' NOT NULL,
	`googleAnalyticsId` text DEFAULT '' NOT NULL,
	`googleTagManagerId` text DEFAULT '' NOT NULL,
	`facebookPixelId` text DEFAULT '' NOT NULL,
	`structuredData` text DEFAULT '' NOT NULL,
	`customMetaTags` text DEFAULT '' NOT NULL,
	`isActive` integer DEFAULT true NOT NULL,
	`logo` text DEFAULT '' NOT NULL,
	`favicon` text DEFAULT '' NOT NULL,
	`appleTouchIcon` text DEFAULT '' NOT NULL,
	`ogImage` text DEFAULT '' NOT NULL,
	`twitterImage` text DEFAULT '' NOT NULL,
	`createdAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updatedAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `seo_page_unique` ON `seo` (`page`);--> statement-breakpoint
CREATE TABLE `session` (
	`tokenHash` text PRIMARY KEY NOT NULL,
	`userId` text NOT NULL,
	`expiresAt` text NOT NULL,
	`createdAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `session_user` ON `session` (`userId`);--> statement-breakpoint
CREATE TABLE `setting` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updatedAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `site_build` (
	`id` text PRIMARY KEY NOT NULL,
	`status` text NOT NULL,
	`reason` text DEFAULT '' NOT NULL,
	`requestedAt` text NOT NULL,
	`sentAt` text,
	`finishedAt` text,
	`durationMs` integer,
	`message` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `site_build_requested` ON `site_build` (`requestedAt`);--> statement-breakpoint
CREATE TABLE `subscriber` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`source` text DEFAULT 'website' NOT NULL,
	`subscribedAt` text,
	`createdAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updatedAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscriber_email_unique` ON `subscriber` (`email`);--> statement-breakpoint
CREATE TABLE `team` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`position` text DEFAULT '' NOT NULL,
	`bio` text DEFAULT '' NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`linkedin` text DEFAULT '' NOT NULL,
	`instagram` text DEFAULT '' NOT NULL,
	`twitter` text DEFAULT '' NOT NULL,
	`isPublished` integer DEFAULT true NOT NULL,
	`order` integer DEFAULT 0 NOT NULL,
	`image` text DEFAULT '' NOT NULL,
	`createdAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updatedAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `user` (
	`id` text PRIMARY KEY NOT NULL,
	`username` text DEFAULT '' NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`passwordHash` text DEFAULT '' NOT NULL,
	`fullName` text DEFAULT '' NOT NULL,
	`role` text,
	`phone` text DEFAULT '' NOT NULL,
	`department` text DEFAULT '' NOT NULL,
	`position` text DEFAULT '' NOT NULL,
	`isActive` integer DEFAULT true NOT NULL,
	`avatar` text DEFAULT '' NOT NULL,
	`lastLogin` text,
	`createdAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updatedAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_username_unique` ON `user` (`username`);--> statement-breakpoint
CREATE UNIQUE INDEX `user_email_unique` ON `user` (`email`);--> statement-breakpoint
CREATE TABLE `user_permissions` (
	`ownerId` text NOT NULL,
	`targetId` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`ownerId`, `targetId`),
	FOREIGN KEY (`ownerId`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`targetId`) REFERENCES `permission`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `user_permissions_target` ON `user_permissions` (`targetId`);--> statement-breakpoint
CREATE TABLE `value` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`content` text DEFAULT '' NOT NULL,
	`excerpt` text DEFAULT '' NOT NULL,
	`isPublished` integer DEFAULT true NOT NULL,
	`order` integer DEFAULT 0 NOT NULL,
	`image` text DEFAULT '' NOT NULL,
	`createdAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updatedAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `vision` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`slug` text DEFAULT '' NOT NULL,
	`shortDescription` text DEFAULT '' NOT NULL,
	`content` text DEFAULT '' NOT NULL,
	`excerpt` text DEFAULT '' NOT NULL,
	`author` text DEFAULT '' NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`isPublished` integer DEFAULT true NOT NULL,
	`isFeatured` integer DEFAULT false NOT NULL,
	`readTime` integer DEFAULT 3 NOT NULL,
	`image` text DEFAULT '' NOT NULL,
	`createdAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updatedAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `vision_slug_unique` ON `vision` (`slug`);--> statement-breakpoint
CREATE TABLE `vision_mission` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`content` text DEFAULT '' NOT NULL,
	`excerpt` text DEFAULT '' NOT NULL,
	`isPublished` integer DEFAULT true NOT NULL,
	`order` integer DEFAULT 0 NOT NULL,
	`image` text DEFAULT '' NOT NULL,
	`createdAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updatedAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
