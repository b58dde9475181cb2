PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_permission` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`displayName` text DEFAULT '' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`module` text DEFAULT 'hero-section' NOT NULL,
	`action` text DEFAULT 'create' NOT NULL,
	`isActive` integer DEFAULT true NOT NULL,
	`isSystem` integer DEFAULT false NOT NULL,
	`createdAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updatedAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_permission`("id", "name", "displayName", "description", "module", "action", "isActive", "isSystem", "createdAt", "updatedAt") SELECT "id", "name", "displayName", "description", "module", "action", "isActive", "isSystem", "createdAt", "updatedAt" FROM `permission`;--> statement-breakpoint
DROP TABLE `permission`;--> statement-breakpoint
ALTER TABLE `__new_permission` RENAME TO `permission`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `permission_name_unique` ON `permission` (`name`);--> statement-breakpoint
ALTER TABLE `bio_core` ADD `featuredImageAlt` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `bio_core` ADD `featuredImageFocus` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `category` ADD `imageAlt` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `gallery` ADD `imageAlt` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `hero_section` ADD `backgroundImageFocus` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `history` ADD `imageAlt` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `our_impact` ADD `featuredImageAlt` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `our_work` ADD `imageAlt` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `our_work` ADD `imageFocus` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `partner` ADD `logoAlt` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `team` ADD `imageAlt` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `team` ADD `imageFocus` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `value` ADD `imageAlt` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `vision` ADD `imageAlt` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `vision` ADD `imageFocus` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `vision_mission` ADD `imageAlt` text DEFAULT '' NOT NULL;