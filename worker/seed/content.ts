/**
 * Demo content for every collection, as an editor would enter it in the admin. Pictures are
 * named by caption and drawn by images.ts; relations name their targets by slug or name.
 */
import type { ListField, ListItemOf, RecordOf, ReferenceField, RelationField, ResourceDefinition, TagsField } from '../src/contract/fields.ts';
import type { Locale } from '../src/contract/locales.ts';
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
type SeedValues<R extends ResourceDefinition> = {
  [K in Exclude<keyof RecordOf<R>, '_id' | 'createdAt' | 'updatedAt'>]?: SeedValue<R['fields'][K], RecordOf<R>[K]>;
};
/** A record's version in another language: its localized values, and whether that version is public. */
export type SeedTranslation<R extends ResourceDefinition> = SeedValues<R> & { published: boolean };
/** A record in the default language (Indonesian), with its translations. */
type SeedRecord<R extends ResourceDefinition> = SeedValues<R> & { translations?: Partial<Record<Locale, SeedTranslation<R>>> };
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
    title: 'Pengelolaan Sampah',
    description: 'Program pengumpulan, pemilahan, dan daur ulang berbasis komunitas.',
    order: 1,
    image: picture('Waste Management'),
    translations: { en: { published: true, title: 'Waste Management', description: 'Community-based collection, sorting and recycling programmes.' } },
  },
  {
    title: 'Energi Terbarukan',
    description: 'Sistem biogas dan BioCore yang mengubah sampah organik menjadi energi.',
    order: 2,
    image: picture('Renewable Energy'),
    translations: { en: { published: true, title: 'Renewable Energy', description: 'Biogas and BioCore systems turning organic waste into energy.' } },
  },
  {
    title: 'Edukasi',
    description: 'Lokakarya dan program sekolah tentang hidup berkelanjutan.',
    order: 3,
    image: picture('Education'),
    translations: { en: { published: true, title: 'Education', description: 'Workshops and school programmes on sustainable living.' } },
  },
  {
    title: 'Riset',
    description: 'Studi lapangan tentang aliran sampah di kota-kota Indonesia.',
    order: 4,
    isActive: false,
    image: picture('Research'),
    translations: { en: { published: true, title: 'Research', description: 'Field studies on waste streams in Indonesian cities.' } },
  },
];

export const content: SeedContent = {
  heroSection: [
    {
      title: 'Mengubah Sampah Menjadi Berharga',
      subtitle: 'Solusi sampah berbasis komunitas untuk Indonesia yang lebih bersih',
      description: p('Kami membantu desa dan kota memilah, mendaur ulang, dan mengubah sampah organik menjadi energi bersih.'),
      ctaText: 'Lihat Karya Kami',
      ctaUrl: '/our-work',
      align: 'left',
      backgroundImage: picture('Turning Waste into Worth'),
      translations: {
        en: {
          published: true,
          title: 'Turning Waste into Worth',
          subtitle: 'Community waste solutions for a cleaner Indonesia',
          description: p('We help villages and cities sort, recycle and convert organic waste into clean energy.'),
          ctaText: 'Explore Our Work',
        },
      },
    },
    {
      title: 'BioCore: Energi dari Sampah Organik',
      subtitle: 'Digester kecil, dampak besar',
      description: p('Unit BioCore kami mengubah sampah pasar dan rumah tangga menjadi biogas dan pupuk.'),
      ctaText: 'Kenali BioCore',
      ctaUrl: '/bio-core',
      align: 'right',
      bgColor: '#f1faee',
      backgroundImage: picture('BioCore Energy'),
      translations: {
        en: {
          published: true,
          title: 'BioCore: Energy from Organic Waste',
          subtitle: 'Small digesters, big impact',
          description: p('Our BioCore units turn market and household waste into biogas and fertiliser.'),
          ctaText: 'Discover BioCore',
        },
      },
    },
    {
      title: 'Belajar Bersama',
      subtitle: 'Program edukasi di 30 sekolah',
      description: p('Siswa belajar mengelola sampah dari sumbernya dan memimpin perubahan di lingkungan mereka.'),
      ctaText: 'Tentang Kami',
      ctaUrl: '/about-us',
      backgroundImage: picture('Learning Together'),
      translations: {
        en: {
          published: true,
          title: 'Learning Together',
          subtitle: 'Education programmes in 30 schools',
          description: p('Students learn to manage waste at its source and lead change in their neighbourhoods.'),
          ctaText: 'About Us',
        },
      },
    },
  ],
  category: categories,
  ourWork: [
    {
      title: 'Bank Sampah Desa Sukamaju',
      subtitle: 'Bank sampah desa yang dikelola warganya',
      description: 'Warga menyetorkan sampah terpilah dan menabung; 4 ton sebulan tidak lagi berakhir di sungai.',
      content: p(
        'Bank sampah ini dibuka pada 2019 dengan dua belas rumah tangga. Kini lebih dari 300 keluarga membawa plastik, kertas, dan logam terpilah setiap minggu.',
        'Tabungan dibayarkan menjelang Idulfitri dan tahun ajaran baru, saat keluarga paling membutuhkannya.',
      ),
      activeYear: '2019 - sekarang',
      category_ids: ['pengelolaan-sampah'],
      order: 1,
      image: picture('Bank Sampah Sukamaju'),
      translations: {
        en: {
          published: true,
          title: 'Sukamaju Village Waste Bank',
          subtitle: 'A village waste bank run by its residents',
          description: 'Residents deposit sorted waste and earn savings; 4 tonnes a month no longer reach the river.',
          content: p(
            'The waste bank opened in 2019 with twelve households. Today more than 300 families bring sorted plastic, paper and metal every week.',
            'Savings are paid out before Eid and the new school year, when families need them most.',
          ),
          activeYear: '2019 - present',
        },
      },
    },
    {
      title: 'Biogas untuk Pasar Tradisional',
      subtitle: 'Sampah pasar menjadi bahan bakar dapur pasar',
      description: 'Digester BioCore di Pasar Induk mengubah 500 kg sampah sayur per hari menjadi gas untuk memasak.',
      content: p('Pedagang memilah sampah organik ke tong hijau; digester menyalurkan gas ke dua puluh warung makan.'),
      activeYear: '2021',
      category_ids: ['energi-terbarukan', 'pengelolaan-sampah'],
      order: 2,
      image: picture('Biogas Pasar'),
      translations: {
        en: {
          published: true,
          title: 'Biogas for Traditional Markets',
          subtitle: 'Market waste powering market kitchens',
          description: 'A BioCore digester at Pasar Induk turns 500 kg of vegetable waste a day into cooking gas.',
          content: p('Vendors sort organic waste into green bins; the digester feeds twenty food stalls with gas.'),
          activeYear: '2021',
        },
      },
    },
    {
      title: 'Sekolah Hijau',
      subtitle: 'Program sekolah hijau',
      description: 'Guru dan siswa di 30 sekolah belajar mengompos, memilah sampah, dan prinsip 3R.',
      content: p('Setiap sekolah membangun sudut kompos dan stasiun pemilahan, dan siswa melakukan audit sampah setiap bulan.'),
      activeYear: '2020 - 2024',
      category_ids: ['edukasi'],
      order: 3,
      image: picture('Sekolah Hijau'),
      translations: {
        en: {
          published: true,
          title: 'Green Schools',
          subtitle: 'Green schools programme',
          description: 'Teachers and students in 30 schools learn composting, sorting and the 3R principles.',
          content: p('Each school builds a composting corner and a sorting station, and students run a monthly audit.'),
          activeYear: '2020 - 2024',
        },
      },
    },
    {
      title: 'Pemetaan Aliran Sampah Kota',
      subtitle: 'Memetakan aliran sampah sebuah kota',
      description: 'Studi tentang ke mana sampah rumah tangga pergi di sebuah kota menengah.',
      content: p('Draf laporan, belum diterbitkan.'),
      activeYear: '2025',
      category_ids: ['riset'],
      isActive: false,
      order: 4,
      image: picture('Pemetaan Sampah'),
    },
  ],
  vision: [
    {
      title: 'Ekonomi Sirkular Dimulai dari Rumah',
      shortDescription: 'Mengapa memilah sampah dari sumbernya adalah langkah paling berdaya yang bisa diambil sebuah rumah tangga.',
      content: p(
        'Sebagian besar sampah yang sampai ke TPA sebenarnya bisa dikompos atau didaur ulang. Perbedaannya dibuat di rumah, pada menit pertama setelah sesuatu dibuang.',
        'Visi kami adalah Indonesia tempat setiap rumah tangga memisahkan sampah organik, sampah daur ulang, dan residu, dan setiap aliran punya tujuannya.',
      ),
      author: 'Tim Redaksi',
      tags: 'ekonomi sirkular, rumah tangga, daur ulang',
      isFeatured: true,
      readTime: 4,
      image: picture('Circular Economy'),
      translations: {
        en: {
          published: true,
          title: 'A Circular Economy Starts at Home',
          shortDescription: 'Why sorting waste at the source is the most powerful step a household can take.',
          content: p(
            'Most of the waste that reaches our landfills could have been composted or recycled. The difference is made at home, in the first minute after something is thrown away.',
            'Our vision is an Indonesia where every household separates organic, recyclable and residual waste, and where each stream has a place to go.',
          ),
          tags: 'circular economy, household, recycling',
        },
      },
    },
    {
      title: 'Energi dari Apa yang Kita Buang',
      shortDescription: 'Sampah organik adalah separuh dari yang dibuang kota-kota Indonesia. Sampah itu bisa memasak makanan kita.',
      content: p('Biogas dari sampah organik mengurangi emisi metana dan menggantikan LPG di dapur.'),
      author: 'Dr. Sari Wulandari',
      tags: 'energi, biogas',
      readTime: 6,
      image: picture('Energy from Waste'),
      translations: {
        en: {
          published: true,
          title: 'Energy from What We Throw Away',
          shortDescription: 'Organic waste is half of what Indonesian cities discard. It can cook our meals instead.',
          content: p('Biogas from organic waste reduces methane emissions and replaces LPG in kitchens.'),
          tags: 'energy, biogas',
        },
      },
    },
    {
      title: 'Draf: Arah Kebijakan Plastik',
      shortDescription: 'Draf yang belum diterbitkan.',
      content: p('Masih dikerjakan.'),
      author: 'Tim Redaksi',
      tags: 'kebijakan',
      isPublished: false,
      image: picture('Plastic Policy'),
    },
  ],
  impact: [
    {
      title: 'Dampak & BioCore',
      subtitle: 'Perubahan terukur sejak 2014',
      stats: [
        { value: '3', label: 'Kegiatan edukasi', icon: 'school' },
        { value: '78%', label: 'Penurunan sampah tak terolah', icon: 'recycle' },
        { value: '300', label: 'Organisasi yang digerakkan BioCore', icon: 'bolt' },
        { value: '50', label: 'Lapangan kerja tercipta', icon: 'users' },
        { value: '2500', label: 'Pengurangan limbah karbon (kg)', icon: 'leaf' },
      ],
      mainStatement: 'Sejak 2014, program kami telah menjangkau 332 penerima manfaat di Jawa Barat.',
      collaborations: [
        { name: 'Dinas Lingkungan Hidup', description: 'Dinas lingkungan hidup daerah', number: '12', icon: 'building', image: picture('DLH', 'logo') },
        { name: 'Universitas Padjadjaran', description: 'Mitra riset', number: '4', icon: 'graduation-cap', image: picture('Unpad', 'logo') },
      ],
      metrics: [
        { value: '332', label: 'Penerima manfaat' },
        { value: '78%', label: 'Sampah tak terolah berkurang' },
        { value: '50', label: 'Pekerjaan hijau' },
      ],
      description: 'Unit BioCore dan bank sampah saling melengkapi: sampah daur ulang dijual, sampah organik menjadi energi dan kompos.',
      photos: [
        { image: picture('Field Visit'), caption: 'Kunjungan lapangan ke lokasi BioCore' },
        { image: picture('Sorting Day'), caption: 'Hari memilah sampah bersama warga' },
        { image: picture('Compost Harvest'), caption: 'Panen kompos' },
      ],
      translations: {
        en: {
          published: true,
          title: 'Impact & BioCore',
          subtitle: 'Measurable change since 2014',
          stats: [
            { label: 'Education activities' },
            { label: 'Decrease in untreated waste' },
            { label: 'Organisations powered by BioCore' },
            { label: 'Jobs created' },
            { label: 'Reduction in carbon waste (kg)' },
          ],
          mainStatement: 'Since 2014, our programmes have reached 332 beneficiaries across West Java.',
          collaborations: [
            { name: 'Environment Agency', description: 'Local environment agency' },
            { name: 'Padjadjaran University', description: 'Research partner' },
          ],
          metrics: [{ label: 'Beneficiaries' }, { label: 'Less untreated waste' }, { label: 'Green jobs' }],
          description: 'BioCore units and waste banks work together: recyclables are sold, organics become energy and compost.',
          photos: [{ caption: 'Field visit to a BioCore site' }, { caption: 'Community sorting day' }, { caption: 'Compost harvest' }],
        },
      },
    },
  ],
  partner: [
    {
      name: 'Dinas Lingkungan Hidup',
      description: 'Dinas lingkungan hidup provinsi.',
      website: 'dlh.example.go.id',
      category: 'government',
      order: 1,
      logo: picture('Dinas Lingkungan Hidup', 'logo'),
      translations: { en: { published: true, description: 'Provincial environment agency.' } },
    },
    {
      name: 'Universitas Padjadjaran',
      description: 'Program riset dan kemahasiswaan.',
      website: 'https://unpad.example.ac.id',
      category: 'academic',
      order: 2,
      logo: picture('Universitas Padjadjaran', 'logo'),
      translations: { en: { published: true, description: 'Research and student programmes.' } },
    },
    {
      name: 'Green Fund Asia',
      description: 'Investor berdampak.',
      website: 'https://greenfund.example.org',
      category: 'corporate',
      order: 3,
      logo: picture('Green Fund Asia', 'logo'),
      translations: { en: { published: true, description: 'Impact investor.' } },
    },
    {
      name: 'Yayasan Bumi Lestari',
      description: 'LSM mitra.',
      website: 'https://bumilestari.example.org',
      category: 'ngo',
      order: 4,
      logo: picture('Yayasan Bumi Lestari', 'logo'),
      translations: { en: { published: true, description: 'Partner NGO.' } },
    },
    {
      name: 'Koperasi Sampah Mandiri',
      description: 'Koperasi pengelola sampah.',
      website: 'https://kopsam.example.id',
      category: 'other',
      order: 5,
      logo: picture('Koperasi Sampah Mandiri', 'logo'),
      translations: { en: { published: true, description: 'Waste cooperative.' } },
    },
    {
      name: 'PT Energi Hijau',
      description: 'Pemasok peralatan.',
      website: 'https://energihijau.example.co.id',
      category: 'corporate',
      order: 6,
      logo: picture('PT Energi Hijau', 'logo'),
      translations: { en: { published: true, description: 'Equipment supplier.' } },
    },
  ],
  bioCore: [
    {
      title: 'Apa Itu BioCore?',
      subtitle: 'Digester organik skala komunitas',
      description: 'BioCore mengubah sampah organik menjadi biogas dan pupuk cair.',
      content: p('BioCore adalah digester anaerob modular yang dirancang untuk pasar, sekolah dan desa.', 'Satu unit mengolah hingga 500 kg sampah organik per hari.'),
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
      translations: {
        en: {
          published: true,
          title: 'What Is BioCore?',
          subtitle: 'A community-scale organic digester',
          description: 'BioCore turns organic waste into biogas and liquid fertiliser.',
          content: p('BioCore is a modular anaerobic digester designed for markets, schools and villages.', 'One unit treats up to 500 kg of organic waste a day.'),
          excerpt: 'Meet the community-scale organic digester.',
          tags: 'biocore, energy, organic',
          features: [
            { title: 'Modular', description: 'Easy to install and extend.' },
            { title: 'Energy Saving', description: 'Produces biogas for cooking.' },
            { title: 'Liquid Fertiliser', description: 'What remains becomes fertiliser.' },
          ],
        },
      },
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
      translations: {
        en: {
          published: true,
          title: 'A Guide to Sorting Organic Waste',
          subtitle: 'Simple steps for households',
          description: 'How to sort organic waste so BioCore can treat it.',
          content: p('Keep food scraps, vegetables and fruit apart from plastic and paper.'),
          excerpt: 'Simple steps to sort organic waste.',
          tags: 'education, household',
          features: [{ title: 'Three Bins', description: 'Organic, recyclable, residual.' }],
        },
      },
    },
    // Published in Indonesian only: the English site leaves it out.
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
      title: 'Dampak Kami pada 2025',
      subtitle: 'Setahun sungai yang lebih bersih dan pekerjaan yang lebih hijau',
      description: p(
        'Pada 2025 program kami mengalihkan 1.200 ton sampah dari TPA dan sungai. Delapan belas unit BioCore menghasilkan biogas untuk 600 keluarga, dan 50 orang mendapat pekerjaan di pemilahan dan pengomposan.',
        'Terima kasih kepada mitra, relawan, dan warga yang mewujudkannya.',
      ),
      featuredImage: picture('Impact 2025'),
      translations: {
        en: {
          published: true,
          title: 'Our Impact in 2025',
          subtitle: 'A year of cleaner rivers and greener jobs',
          description: p(
            'In 2025 our programmes diverted 1,200 tonnes of waste from landfills and rivers. Eighteen BioCore units produced biogas for 600 families, and 50 people found work in sorting and composting.',
            'We thank our partners, volunteers and the communities who made this possible.',
          ),
        },
      },
    },
  ],
  agenda: [
    {
      title: 'Bersih Sungai Cikapundung',
      startsAt: '2027-03-21T00:00:00.000Z',
      endsAt: '2027-03-21T04:00:00.000Z',
      place: 'Taman Teras Cikapundung, Bandung',
      description: p('Kami mengajak warga dan relawan membersihkan sungai bersama, memilah sampah yang terangkat, dan belajar mengompos di tempat.', 'Sarung tangan dan karung disediakan; bawa botol minum sendiri.'),
      image: picture('Bersih Sungai Cikapundung'),
      translations: {
        en: {
          published: true,
          title: 'Cikapundung River Clean-up',
          place: 'Teras Cikapundung Park, Bandung',
          description: p('Join residents and volunteers to clean the river together, sort what we lift out and learn to compost on the spot.', 'Gloves and sacks are provided; bring your own water bottle.'),
        },
      },
    },
    {
      title: 'Lokakarya Biogas untuk Desa',
      startsAt: '2026-06-05T02:00:00.000Z',
      endsAt: '2026-06-05T09:00:00.000Z',
      place: 'Balai Desa Sukamaju, Garut',
      description: p('Lokakarya satu hari tentang unit BioCore: cara kerja, perawatan, dan manfaatnya bagi dapur keluarga.'),
      image: picture('Lokakarya Biogas'),
      translations: {
        en: {
          published: true,
          title: 'Biogas Workshop for Villages',
          place: 'Sukamaju Village Hall, Garut',
          description: p('A one-day workshop on the BioCore unit: how it works, how to maintain it and what it brings to family kitchens.'),
        },
      },
    },
  ],
  gallery: [
    { title: 'Tim Lapangan', description: 'Tim lapangan kami di Bandung.', category: 'team', order: 1, image: picture('Tim Lapangan'), translations: { en: { published: true, title: 'Field Team', description: 'Our field team in Bandung.' } } },
    { title: 'Kantor Kami', description: 'Ruang kerja di Jakarta.', category: 'office', order: 2, image: picture('Kantor Kami'), translations: { en: { published: true, title: 'Our Office', description: 'Our workspace in Jakarta.' } } },
    {
      title: 'Hari Bersih Sungai',
      description: 'Kegiatan bersih sungai bersama warga.',
      category: 'event',
      order: 3,
      image: picture('Hari Bersih Sungai'),
      translations: { en: { published: true, title: 'River Clean-up Day', description: 'Cleaning the river together with residents.' } },
    },
  ],
  history: [
    {
      title: 'Kisah Kami',
      content: p(
        'Didirikan pada 2014 oleh sekelompok insinyur dan penggerak komunitas di Bandung, kami memulai dengan satu bank sampah dan sebuah truk pinjaman.',
        'Sepuluh tahun kemudian kami bekerja bersama desa, sekolah, dan pasar di seluruh Jawa untuk mengubah sampah menjadi nilai.',
      ),
      excerpt: 'Dari satu bank sampah menjadi sebuah gerakan.',
      image: picture('Our Story'),
      translations: {
        en: {
          published: true,
          title: 'Our Story',
          content: p(
            'Founded in 2014 by a group of engineers and community organisers in Bandung, we started with one waste bank and a borrowed truck.',
            'Ten years later we work with villages, schools and markets across Java to turn waste into value.',
          ),
          excerpt: 'From one waste bank to a movement.',
        },
      },
    },
  ],
  visionMission: [
    { title: 'Visi', content: p('Indonesia tempat tidak ada sampah yang terbuang sia-sia.'), order: 1, image: picture('Vision'), translations: { en: { published: true, title: 'Vision', content: p('An Indonesia where no waste is wasted.') } } },
    {
      title: 'Misi',
      content: p('Membangun sistem komunitas yang memilah, mendaur ulang, dan mengubah sampah menjadi energi dan pendapatan.'),
      order: 2,
      image: picture('Mission'),
      translations: { en: { published: true, title: 'Mission', content: p('Build community systems that sort, recycle and convert waste into energy and income.') } },
    },
  ],
  values: [
    { title: 'Inovasi', content: p('Kami merancang teknologi sederhana yang dapat dijalankan komunitas.'), order: 1, image: picture('Innovation'), translations: { en: { published: true, title: 'Innovation', content: p('We design simple technology that communities can run.') } } },
    { title: 'Kepercayaan', content: p('Kami melaporkan secara terbuka apa yang berhasil dan apa yang tidak.'), order: 2, image: picture('Trust'), translations: { en: { published: true, title: 'Trust', content: p('We report openly on what works and what does not.') } } },
    { title: 'Kolaborasi', content: p('Pemerintah, akademisi, dunia usaha, dan warga bersama-sama.'), order: 3, image: picture('Collaboration'), translations: { en: { published: true, title: 'Collaboration', content: p('Government, academia, business and citizens together.') } } },
    { title: 'Pembelajaran', content: p('Setiap proyek mengajarkan sesuatu yang kami bagikan.'), order: 4, image: picture('Learning'), translations: { en: { published: true, title: 'Learning', content: p('Every project teaches us something we share.') } } },
  ],
  team: [
    {
      name: 'Andi Pratama',
      position: 'Direktur Eksekutif',
      bio: p('Insinyur lingkungan dengan pengalaman 15 tahun di sistem pengelolaan sampah komunitas.'),
      email: 'andi@example.org',
      linkedin: 'https://www.linkedin.com/in/example-andi',
      order: 1,
      image: picture('Andi Pratama', 'logo'),
      translations: { en: { published: true, position: 'Executive Director', bio: p('Environmental engineer with 15 years in community waste systems.') } },
    },
    {
      name: 'Sari Wulandari',
      position: 'Kepala Riset',
      bio: p('Memimpin riset BioCore dan studi lapangan.'),
      email: 'sari@example.org',
      instagram: 'https://www.instagram.com/example.sari',
      order: 2,
      image: picture('Sari Wulandari', 'logo'),
      translations: { en: { published: true, position: 'Head of Research', bio: p('Leads BioCore research and field studies.') } },
    },
    {
      name: 'Budi Santoso',
      position: 'Koordinator Komunitas',
      bio: p('Mengoordinasikan bank sampah di 40 desa.'),
      email: 'budi@example.org',
      twitter: 'https://x.com/example_budi',
      order: 3,
      image: picture('Budi Santoso', 'logo'),
      translations: { en: { published: true, position: 'Community Lead', bio: p('Coordinates waste banks in 40 villages.') } },
    },
  ],
  seo: [
    {
      page: 'home',
      title: 'Mengubah Sampah Menjadi Berharga',
      description: 'Pengelolaan sampah berbasis komunitas dan energi BioCore untuk Indonesia yang lebih bersih.',
      keywords: 'pengelolaan sampah, biogas, Indonesia',
      translations: { en: { published: true, title: 'Turning Waste into Worth', description: 'Community waste management and BioCore energy for a cleaner Indonesia.', keywords: 'waste management, biogas, Indonesia' } },
    },
    { page: 'about-us', title: 'Tentang Kami', description: 'Kisah, nilai, dan tim kami.', translations: { en: { published: true, title: 'About Us', description: 'Our story, values and team.' } } },
    {
      page: 'vision',
      title: 'Visi',
      description: 'Artikel tentang ekonomi sirkular untuk Indonesia.',
      ogType: 'article',
      translations: { en: { published: true, title: 'Vision', description: 'Articles on a circular economy for Indonesia.' } },
    },
    {
      page: 'our-work',
      title: 'Karya Kami',
      description: 'Proyek pengelolaan sampah, energi terbarukan, dan edukasi.',
      translations: { en: { published: true, title: 'Our Work', description: 'Projects in waste management, renewable energy and education.' } },
    },
    { page: 'our-impact', title: 'Dampak Kami', description: 'Apa yang telah dicapai program kami.', translations: { en: { published: true, title: 'Our Impact', description: 'What our programmes achieved.' } } },
    {
      page: 'bio-core',
      title: 'Dampak & BioCore',
      description: 'Artikel BioCore dan dampak kami dalam angka.',
      translations: { en: { published: true, title: 'Impact & BioCore', description: 'BioCore articles and our impact in numbers.' } },
    },
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
