/**
 * Demo content for every collection, as an editor would enter it in the admin. Pictures are
 * named by caption and drawn by images.ts; relations name their targets by slug or name.
 */
import type { ListField, ListItemOf, RecordOf, ReferenceField, RelationField, ResourceDefinition, TagsField } from '../src/contract/fields.ts';
import type { resources, ResourceKey } from '../src/contract/resources.ts';

/**
 * A record as an editor enters it, typed from its definition so a renamed field is a type error:
 * relations and references name their targets (by slug or name), tags are typed as in the form
 * (comma-separated), list items may leave out their order.
 */
type SeedValue<F, V> = F extends RelationField
  ? string[]
  : F extends ReferenceField | TagsField
    ? string
    : F extends ListField<infer T>
      ? Partial<ListItemOf<T>>[]
      : V;
type SeedRecord<R extends ResourceDefinition> = {
  [K in Exclude<keyof RecordOf<R>, '_id' | 'createdAt' | 'updatedAt'>]?: SeedValue<R['fields'][K], RecordOf<R>[K]>;
};
export type SeedContent = { [K in ResourceKey]?: SeedRecord<(typeof resources)[K]>[] };

export interface Picture {
  caption: string;
  kind: 'photo' | 'logo';
}
const pictures = new Map<string, Picture>();

/** Registers a demo picture and returns the storage path records refer to. */
export function picture(caption: string, kind: Picture['kind'] = 'photo') {
  const name = caption
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  const path = `uploads/seed/${name}.svg`;
  pictures.set(path, { caption, kind });
  return path;
}
export const seedPictures = () => pictures;

const p = (...paragraphs: string[]) => paragraphs.map((text) => `<p>${text}</p>`).join('');

export const categories: SeedRecord<typeof resources.category>[] = [
  {
    title: 'Waste Management',
    description: 'Community-based collection, sorting and recycling programmes.',
    order: 1,
    image: picture('Waste Management'),
  },
  {
    title: 'Renewable Energy',
    description: 'Biogas and BioCore systems turning organic waste into energy.',
    order: 2,
    image: picture('Renewable Energy'),
  },
  {
    title: 'Education',
    description: 'Workshops and school programmes on sustainable living.',
    order: 3,
    image: picture('Education'),
  },
  {
    title: 'Research',
    description: 'Field studies on waste streams in Indonesian cities.',
    order: 4,
    isActive: false,
    image: picture('Research'),
  },
];

export const content: SeedContent = {
  heroSection: [
    {
      title: 'Turning Waste into Worth',
      subtitle: 'Community waste solutions for a cleaner Indonesia',
      description: p('We help villages and cities sort, recycle and convert organic waste into clean energy.'),
      ctaText: 'Explore Our Work',
      ctaUrl: '/our-work',
      align: 'left',
      backgroundImage: picture('Turning Waste into Worth'),
    },
    {
      title: 'BioCore: Energy from Organic Waste',
      subtitle: 'Small digesters, big impact',
      description: p('Our BioCore units turn market and household waste into biogas and fertiliser.'),
      ctaText: 'Discover BioCore',
      ctaUrl: '/bio-core',
      align: 'right',
      bgColor: '#f1faee',
      backgroundImage: picture('BioCore Energy'),
    },
    {
      title: 'Learning Together',
      subtitle: 'Education programmes in 30 schools',
      description: p('Students learn to manage waste at its source and lead change in their neighbourhoods.'),
      ctaText: 'About Us',
      ctaUrl: '/about-us',
      backgroundImage: picture('Learning Together'),
    },
  ],
  category: categories,
  ourWork: [
    {
      title: 'Bank Sampah Desa Sukamaju',
      subtitle: 'A village waste bank run by its residents',
      description: 'Residents deposit sorted waste and earn savings; 4 tonnes a month no longer reach the river.',
      language: 'en',
      content: p(
        'The waste bank opened in 2019 with twelve households. Today more than 300 families bring sorted plastic, paper and metal every week.',
        'Savings are paid out before Idul Fitri and school enrolment, when families need them most.',
      ),
      activeYear: '2019 - sekarang',
      category_ids: ['waste-management'],
      order: 1,
      image: picture('Bank Sampah Sukamaju'),
    },
    {
      title: 'Biogas untuk Pasar Tradisional',
      subtitle: 'Market waste powering market kitchens',
      description: 'A BioCore digester at Pasar Induk turns 500 kg of vegetable waste a day into cooking gas.',
      language: 'en',
      content: p('Vendors sort organic waste into green bins; the digester feeds twenty food stalls with gas.'),
      activeYear: '2021',
      category_ids: ['renewable-energy', 'waste-management'],
      order: 2,
      image: picture('Biogas Pasar'),
    },
    {
      title: 'Sekolah Hijau',
      subtitle: 'Green schools programme',
      description: 'Teachers and students in 30 schools learn composting, sorting and the 3R principles.',
      language: 'en',
      content: p('Each school builds a composting corner and a sorting station, and students run a monthly audit.'),
      activeYear: '2020 - 2024',
      category_ids: ['education'],
      order: 3,
      image: picture('Sekolah Hijau'),
    },
    {
      title: 'Pemetaan Aliran Sampah Kota',
      subtitle: 'Mapping a city waste stream',
      description: 'A study of where household waste goes in a mid-sized city.',
      language: 'en',
      content: p('Draft report, not yet published.'),
      activeYear: '2025',
      category_ids: ['research'],
      isActive: false,
      order: 4,
      image: picture('Pemetaan Sampah'),
    },
  ],
  vision: [
    {
      title: 'A Circular Economy Starts at Home',
      shortDescription: 'Why sorting waste at the source is the most powerful step a household can take.',
      language: 'en',
      content: p(
        'Most of the waste that reaches our landfills could have been composted or recycled. The difference is made at home, in the first minute after something is thrown away.',
        'Our vision is a Indonesia where every household separates organic, recyclable and residual waste, and where each stream has a place to go.',
      ),
      author: 'Tim Redaksi',
      tags: 'circular economy, household, recycling',
      isFeatured: true,
      readTime: 4,
      image: picture('Circular Economy'),
    },
    {
      title: 'Energy from What We Throw Away',
      shortDescription: 'Organic waste is half of what Indonesian cities discard. It can cook our meals instead.',
      language: 'en',
      content: p('Biogas from organic waste reduces methane emissions and replaces LPG in kitchens.'),
      author: 'Dr. Sari Wulandari',
      tags: 'energy, biogas',
      readTime: 6,
      image: picture('Energy from Waste'),
    },
    {
      title: 'Draft: Plastic Policy Outlook',
      shortDescription: 'An unpublished draft.',
      language: 'en',
      content: p('Work in progress.'),
      author: 'Tim Redaksi',
      tags: 'policy',
      isPublished: false,
      image: picture('Plastic Policy'),
    },
  ],
  impact: [
    {
      title: 'Impact & BioCore',
      subtitle: 'Measurable change since 2014',
      stats: [
        { value: '3', label: 'Education activities', icon: 'school' },
        { value: '78%', label: 'Decrease in untreated waste', icon: 'recycle' },
        { value: '300', label: 'Organisations powered by BioCore', icon: 'bolt' },
        { value: '50', label: 'Jobs created', icon: 'users' },
        { value: '2500', label: 'Reduction in carbon waste (kg)', icon: 'leaf' },
      ],
      mainStatement: 'Since 2014, our programmes have reached 332 beneficiaries across West Java.',
      collaborations: [
        { name: 'Dinas Lingkungan Hidup', description: 'Local environment agency', number: '12', icon: 'building', image: picture('DLH', 'logo') },
        { name: 'Universitas Padjadjaran', description: 'Research partner', number: '4', icon: 'graduation-cap', image: picture('Unpad', 'logo') },
      ],
      metrics: [
        { value: '332', label: 'Beneficiaries' },
        { value: '78%', label: 'Less untreated waste' },
        { value: '50', label: 'Green jobs' },
      ],
      description: 'BioCore units and waste banks work together: recyclables are sold, organics become energy and compost.',
      photos: [
        { image: picture('Field Visit'), caption: 'Field visit to a BioCore site' },
        { image: picture('Sorting Day'), caption: 'Community sorting day' },
        { image: picture('Compost Harvest'), caption: 'Compost harvest' },
      ],
    },
  ],
  partner: [
    { name: 'Dinas Lingkungan Hidup', description: 'Provincial environment agency.', website: 'dlh.example.go.id', category: 'government', order: 1, logo: picture('Dinas Lingkungan Hidup', 'logo') },
    { name: 'Universitas Padjadjaran', description: 'Research and student programmes.', website: 'https://unpad.example.ac.id', category: 'academic', order: 2, logo: picture('Universitas Padjadjaran', 'logo') },
    { name: 'Green Fund Asia', description: 'Impact investor.', website: 'https://greenfund.example.org', category: 'corporate', order: 3, logo: picture('Green Fund Asia', 'logo') },
    { name: 'Yayasan Bumi Lestari', description: 'Partner NGO.', website: 'https://bumilestari.example.org', category: 'ngo', order: 4, logo: picture('Yayasan Bumi Lestari', 'logo') },
    { name: 'Koperasi Sampah Mandiri', description: 'Waste cooperative.', website: 'https://kopsam.example.id', category: 'other', order: 5, logo: picture('Koperasi Sampah Mandiri', 'logo') },
    { name: 'PT Energi Hijau', description: 'Equipment supplier.', website: 'https://energihijau.example.co.id', category: 'corporate', order: 6, logo: picture('PT Energi Hijau', 'logo') },
  ],
  bioCore: [
    {
      title: 'Apa Itu BioCore?',
      subtitle: 'Digester organik skala komunitas',
      description: 'BioCore mengubah sampah organik menjadi biogas dan pupuk cair.',
      content: p(
        'BioCore adalah digester anaerob modular yang dirancang untuk pasar, sekolah dan desa.',
        'Satu unit mengolah hingga 500 kg sampah organik per hari.',
      ),
      excerpt: 'Mengenal digester organik skala komunitas.',
      author: 'Tim BioCore',
      tags: 'biocore, energi, organik',
      isPublished: true,
      isFeatured: true,
      readTime: 5,
      featuredImage: picture('Apa Itu BioCore'),
      features: [
        { title: 'Modular', description: 'Mudah dipasang dan diperluas.', icon: 'boxes' },
        { title: 'Hemat Energi', description: 'Menghasilkan biogas untuk memasak.', icon: 'bolt' },
        { title: 'Pupuk Cair', description: 'Sisa proses menjadi pupuk.', icon: 'leaf' },
      ],
    },
    {
      title: 'Panduan Memilah Sampah Organik',
      subtitle: 'Langkah sederhana untuk rumah tangga',
      description: 'Cara memilah sampah organik agar siap diolah BioCore.',
      content: p('Pisahkan sisa makanan, sayur dan buah dari plastik dan kertas.'),
      excerpt: 'Langkah sederhana memilah sampah organik.',
      author: 'Tim Edukasi',
      tags: 'edukasi, rumah tangga',
      isPublished: true,
      isFeatured: true,
      featuredImage: picture('Memilah Sampah'),
      features: [{ title: 'Tiga Wadah', description: 'Organik, daur ulang, residu.', icon: 'trash' }],
    },
    {
      title: 'BioCore di Pasar Induk',
      subtitle: 'Studi kasus',
      description: 'Hasil satu tahun operasi BioCore di pasar tradisional.',
      content: p('Dalam satu tahun, unit di Pasar Induk mengolah 150 ton sampah organik.'),
      author: 'Dr. Sari Wulandari',
      tags: 'studi kasus, pasar, energi',
      isPublished: true,
      readTime: 7,
      featuredImage: picture('BioCore Pasar Induk'),
    },
    {
      title: 'Draf: BioCore Generasi Kedua',
      description: 'Belum diterbitkan.',
      content: p('Draf internal.'),
      tags: 'riset',
      isPublished: false,
      featuredImage: picture('BioCore Gen 2'),
    },
  ],
  ourImpact: [
    {
      title: 'Our Impact in 2025',
      subtitle: 'A year of cleaner rivers and greener jobs',
      language: 'en',
      description: p(
        'In 2025 our programmes diverted 1,200 tonnes of waste from landfills and rivers. Eighteen BioCore units produced biogas for 600 families, and 50 people found work in sorting and composting.',
        'We thank our partners, volunteers and the communities who made this possible.',
      ),
      featuredImage: picture('Impact 2025'),
    },
  ],
  agenda: [
    {
      title: 'Bersih Sungai Cikapundung',
      startsAt: '2027-03-21T00:00:00.000Z',
      place: 'Taman Teras Cikapundung, Bandung',
      description: p('Kami mengajak warga dan relawan membersihkan sungai bersama, memilah sampah yang terangkat, dan belajar mengompos di tempat.', 'Sarung tangan dan karung disediakan; bawa botol minum sendiri.'),
      image: picture('Bersih Sungai Cikapundung'),
    },
    {
      title: 'Lokakarya Biogas untuk Desa',
      startsAt: '2026-06-05T02:00:00.000Z',
      place: 'Balai Desa Sukamaju, Garut',
      description: p('Lokakarya satu hari tentang unit BioCore: cara kerja, perawatan, dan manfaatnya bagi dapur keluarga.'),
      image: picture('Lokakarya Biogas'),
    },
  ],
  gallery: [
    { title: 'Tim Lapangan', description: 'Tim lapangan kami di Bandung.', category: 'team', order: 1, image: picture('Tim Lapangan') },
    { title: 'Kantor Kami', description: 'Ruang kerja di Jakarta.', category: 'office', order: 2, image: picture('Kantor Kami') },
    { title: 'Hari Bersih Sungai', description: 'Kegiatan bersih sungai bersama warga.', category: 'event', order: 3, image: picture('Hari Bersih Sungai') },
  ],
  history: [
    {
      title: 'Our Story',
      content: p(
        'Founded in 2014 by a group of engineers and community organisers in Bandung, we started with one waste bank and a borrowed truck.',
        'Ten years later we work with villages, schools and markets across Java to turn waste into value.',
      ),
      excerpt: 'From one waste bank to a movement.',
      image: picture('Our Story'),
    },
  ],
  visionMission: [
    { title: 'Vision', content: p('An Indonesia where no waste is wasted.'), order: 1, image: picture('Vision') },
    { title: 'Mission', content: p('Build community systems that sort, recycle and convert waste into energy and income.'), order: 2, image: picture('Mission') },
  ],
  values: [
    { title: 'Innovation', content: p('We design simple technology that communities can run.'), order: 1, image: picture('Innovation') },
    { title: 'Trust', content: p('We report openly on what works and what does not.'), order: 2, image: picture('Trust') },
    { title: 'Collaboration', content: p('Government, academia, business and citizens together.'), order: 3, image: picture('Collaboration') },
    { title: 'Learning', content: p('Every project teaches us something we share.'), order: 4, image: picture('Learning') },
  ],
  team: [
    { name: 'Andi Pratama', position: 'Executive Director', bio: p('Environmental engineer with 15 years in community waste systems.'), email: 'andi@example.org', linkedin: 'https://www.linkedin.com/in/example-andi', order: 1, image: picture('Andi Pratama', 'logo') },
    { name: 'Sari Wulandari', position: 'Head of Research', bio: p('Leads BioCore research and field studies.'), email: 'sari@example.org', instagram: 'https://www.instagram.com/example.sari', order: 2, image: picture('Sari Wulandari', 'logo') },
    { name: 'Budi Santoso', position: 'Community Lead', bio: p('Coordinates waste banks in 40 villages.'), email: 'budi@example.org', twitter: 'https://x.com/example_budi', order: 3, image: picture('Budi Santoso', 'logo') },
  ],
  seo: [
    { page: 'home', language: 'en', title: 'Turning Waste into Worth', description: 'Community waste management and BioCore energy for a cleaner Indonesia.', keywords: 'waste management, biogas, Indonesia' },
    { page: 'about-us', language: 'en', title: 'About Us', description: 'Our story, values and team.' },
    { page: 'vision', language: 'en', title: 'Vision', description: 'Articles on a circular economy for Indonesia.', ogType: 'article' },
    { page: 'our-work', language: 'en', title: 'Our Work', description: 'Projects in waste management, renewable energy and education.' },
    { page: 'our-impact', language: 'en', title: 'Our Impact', description: 'What our programmes achieved.' },
    { page: 'bio-core', title: 'Impact & BioCore', description: 'BioCore articles and our impact in numbers.' },
  ],
  subscriber: [
    { email: 'rina@example.com', status: 'active', source: 'website' },
    { email: 'dewi@example.com', status: 'active', source: 'website' },
    { email: 'joko@example.com', status: 'unsubscribed', source: 'website' },
    { email: 'maya@example.com', status: 'pending', source: 'event' },
  ],
  // The old site's programme page, linked from partners' sites.
  redirect: [{ from: '/program', to: '/our-work', status: '301' }],
};
