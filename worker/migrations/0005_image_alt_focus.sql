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