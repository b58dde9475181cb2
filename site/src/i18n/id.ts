/**
 * The site's fixed texts in Bahasa Indonesia. Every language's file has exactly these keys
 * (`Texts` is this object's type), so a text missing in one language fails the type check.
 */
import { collectionTexts } from './types.ts';

export const id = {
  /** BCP 47 tag for dates and numbers. */
  dateLocale: 'id-ID',
  /** Open Graph's `og:locale`. */
  ogLocale: 'id_ID',
  readTime: (minutes: number) => `${minutes} menit baca`,
  common: {
    home: 'Beranda',
    aboutUs: 'Tentang Kami',
    skipToContent: 'Langsung ke isi',
    featured: 'Unggulan',
    readMore: 'Baca selengkapnya',
    readMoreAbout: (title: string) => ` tentang ${title}`,
    breadcrumb: 'Jejak halaman',
    pageTitle: (title: string, page: number) => `${title} (halaman ${page})`,
  },
  header: {
    mainNav: 'Navigasi utama',
    menu: 'Menu',
    mobileNav: 'Navigasi seluler',
    adminPanel: 'Panel Admin',
    all: 'Semua',
    /** The language switcher's group label. */
    languages: 'Bahasa',
    /** The switcher link's accessible name: in the target language, so it reads right there. */
    switchTo: 'Baca halaman ini dalam Bahasa Indonesia',
  },
  footer: {
    about: 'Lembaga nirlaba yang mengubah sampah menjadi nilai bersama masyarakat di seluruh Indonesia.',
    explore: 'Jelajahi',
    footerNav: 'Navigasi kaki halaman',
    collaborate: 'Kolaborasi',
    privacy: 'Kebijakan Privasi',
    contact: 'Kontak',
  },
  pagination: {
    label: 'Halaman daftar',
    previous: '← Sebelumnya',
    next: 'Berikutnya →',
  },
  home: {
    title: 'Beranda',
    description: 'Solusi sampah berbasis masyarakat untuk Indonesia yang lebih bersih.',
    workTeaser: 'Karya Kami',
    seeAllWork: 'Lihat semua karya →',
    filterByCategory: 'Saring karya menurut kategori',
    noWorkInCategory: 'Belum ada karya di kategori ini',
    partners: 'Mitra Kami',
  },
  /** An island's texts are plain strings (its props travel as JSON): `{name}` marks a value. */
  hero: {
    label: 'Sorotan',
    previous: 'Slide sebelumnya',
    next: 'Slide berikutnya',
    goTo: 'Ke slide {number}: {title}',
    position: '{number} dari {count}',
    pause: 'Jeda pergantian slide',
    play: 'Putar pergantian slide',
  },
  vision: {
    title: 'Visi',
    description: 'Tulisan tentang ekonomi sirkular untuk Indonesia.',
    subtitle: 'Gagasan untuk Indonesia tanpa sampah yang terbuang',
    featured: 'Visi Unggulan',
    allArticles: 'Semua artikel',
    empty: 'Belum ada visi',
    back: '← Kembali ke Visi',
    feedDescription: 'Artikel visi',
  },
  work: {
    title: 'Karya Kami',
    description: 'Proyek pengelolaan sampah, energi terbarukan dan pendidikan.',
    subtitle: 'Proyek bersama masyarakat di seluruh Indonesia',
    inCategory: (category: string) => `Karya kami di bidang ${category}.`,
    categories: 'Kategori',
    empty: 'Belum ada data karya',
    emptyCategory: 'Belum ada karya di kategori ini',
    projectsIn: (category: string) => `Proyek di ${category}`,
    allProjects: 'Semua proyek',
    viewProject: 'Lihat proyek',
    active: 'Aktif:',
    back: '← Kembali ke Karya Kami',
  },
  impact: {
    title: 'Dampak Kami',
    description: 'Apa yang dicapai program kami.',
    readStory: 'Baca kisah lengkapnya →',
    empty: 'Belum ada data dampak',
    created: 'Dibuat',
    updated: 'Diperbarui',
    back: '← Kembali ke Dampak Kami',
    collaboration: 'Bekerja sama dengan',
    photo: (caption: string) => `Foto: ${caption}`,
    logo: (name: string) => `Logo ${name}`,
  },
  bioCore: {
    title: 'Dampak & BioCore',
    description: 'Artikel BioCore dan dampak kami dalam angka.',
    subtitle: 'Sampah organik menjadi energi, pupuk dan lapangan kerja',
    featured: 'Artikel Unggulan',
    articles: 'Artikel BioCore',
    by: 'Oleh',
    features: 'Fitur Utama',
    back: '← Kembali ke BioCore',
    feedDescription: 'Artikel BioCore',
    searchLabel: 'Cari artikel',
    searchPlaceholder: 'Cari artikel...',
    tagFilter: 'Saring menurut tag',
    all: 'Semua',
    nothingFound: 'Tidak ada artikel ditemukan',
    showMore: 'Tampilkan lebih banyak',
  },
  agenda: {
    title: 'Agenda',
    description: 'Acara dan kegiatan yang akan datang.',
    subtitle: 'Acara dan kegiatan kami',
    upcoming: 'Acara mendatang',
    past: 'Acara yang telah selesai',
    ended: 'Selesai',
    endedNotice: 'Acara ini sudah selesai.',
    ongoing: 'Sedang berlangsung',
    ongoingNotice: 'Acara ini sedang berlangsung.',
    addToCalendar: 'Tambahkan ke kalender',
    subscribeCalendar: 'Langganan kalender agenda',
    empty: 'Belum ada agenda',
    more: 'Selengkapnya',
    about: (title: string) => ` tentang ${title}`,
    back: '← Kembali ke Agenda',
    previewPlace: 'Tempat',
    previewDescription: 'Deskripsi',
  },
  about: {
    title: 'Tentang Kami',
    description: 'Kisah, nilai dan tim kami.',
    subtitle: 'Mengubah sampah menjadi nilai, bersama masyarakat',
    values: 'Nilai Kami',
    team: 'Tim Kami',
  },
  stats: {
    title: 'Dampak Kami',
    since: 'Sejak 2014',
  },
  newsletter: {
    title: 'Tetap terhubung',
    intro: 'Kabar dari proyek kami, sebulan sekali.',
    emailLabel: 'Alamat email',
    emailPlaceholder: 'anda@contoh.id',
    honeypot: 'Biarkan kolom ini kosong',
    subscribe: 'Berlangganan',
    sending: 'Mendaftarkan...',
    success: 'Terima kasih telah berlangganan! Silakan periksa email Anda. Jika tidak ada di kotak masuk, periksa juga folder SPAM.',
    failure: 'Terjadi kesalahan. Silakan coba lagi.',
    network: 'Gangguan jaringan. Silakan coba lagi.',
    invalid: 'Masukkan alamat email yang valid.',
    limited: 'Terlalu banyak percobaan pendaftaran. Silakan coba lagi nanti.',
    consent:
      'Berlangganan newsletter melalui email; alamat email disimpan sampai berhenti berlangganan, dan langganan aktif setelah dikonfirmasi melalui tautan di email.',
    privacyLink: 'Kebijakan privasi',
    backHome: 'Kembali ke beranda',
  },
  newsletterPages: {
    confirm: { title: 'Konfirmasi langganan newsletter', lines: ['Tekan tombol di bawah untuk mengaktifkan langganan newsletter dengan alamat email ini.'], button: 'Konfirmasi langganan' },
    confirmed: {
      title: 'Langganan Anda sudah aktif',
      lines: ['Terima kasih! Alamat email Anda sudah dikonfirmasi. Kabar terbaru dari proyek kami akan kami kirim ke kotak masuk Anda.', 'Setiap email memuat tautan untuk berhenti berlangganan kapan saja.'],
    },
    expired: {
      title: 'Tautan sudah kedaluwarsa',
      lines: ['Tautan konfirmasi berlaku 7 hari dan yang ini sudah lewat. Langganan Anda belum aktif.', 'Daftar lagi di bagian bawah beranda: kami akan mengirim tautan baru.'],
    },
    invalid: {
      title: 'Tautan tidak valid',
      lines: [
        'Tautan ini tidak dapat digunakan: mungkin tidak lengkap saat disalin atau telah diubah. Tidak ada yang berubah pada langganan Anda.',
        'Salin seluruh tautan dari email kami, atau daftar lagi di bagian bawah beranda.',
      ],
    },
    unsubscribe: { title: 'Berhenti berlangganan?', lines: ['Tekan tombol di bawah dan alamat email Anda tidak akan menerima newsletter kami lagi.'], button: 'Berhenti berlangganan' },
    unsubscribed: {
      title: 'Anda telah berhenti berlangganan',
      lines: ['Alamat email Anda tidak akan menerima newsletter kami lagi.', 'Berubah pikiran? Anda dapat mendaftar lagi kapan saja di bagian bawah beranda.'],
    },
  },
  search: {
    title: 'Cari',
    intro: 'Temukan halaman, artikel dan program di seluruh situs.',
    needsScript: 'Pencarian memerlukan JavaScript. Aktifkan JavaScript di peramban Anda, atau telusuri semua halaman situs di',
    sitemap: 'peta situs',
  },
  notFound: {
    title: 'Halaman Tidak Ditemukan',
    description: 'Halaman yang Anda cari tidak ditemukan.',
    detailBefore: 'Maaf, halaman',
    detailAfter: 'tidak ada.',
    help: 'Butuh Bantuan?',
    contact: 'Hubungi kami di',
  },
  kolaborasi: {
    title: 'Kolaborasi',
    description: (organisation: string) => `Kirim pesan kolaborasi kepada ${organisation}.`,
    otherTopic: 'Lainnya',
    privacyLink: 'Kebijakan privasi',
    /** The form's labels (an island's: plain strings). */
    form: {
      name: 'Nama',
      email: 'Email',
      organisation: 'Organisasi (opsional)',
      topic: 'Topik',
      message: 'Pesan',
      honeypot: 'Biarkan kosong',
      send: 'Kirim pesan',
    },
  },
  privacy: {
    title: 'Kebijakan Privasi',
    subtitle: 'Data apa yang kami simpan, untuk apa, dan berapa lama',
    description: (organisation: string) => `Data pribadi apa yang disimpan ${organisation}, untuk apa, dan berapa lama.`,
    intro: (organisation: string) =>
      `${organisation} memproses data pribadi sesuai Undang-Undang Pelindungan Data Pribadi (UU No. 27 Tahun 2022). Kami hanya menyimpan data yang Anda kirim sendiri, dan hanya setelah Anda menyetujuinya.`,
    newsletterTitle: 'Newsletter',
    newsletter:
      'Kami menyimpan alamat email Anda, status langganan, teks persetujuan yang Anda setujui beserta waktu, halaman dan bahasanya, serta waktu email konfirmasi dikirim dan waktu Anda mengonfirmasinya. Langganan baru aktif setelah Anda membuka tautan konfirmasi. Data ini disimpan selama Anda berlangganan; setelah berhenti, alamat disimpan dengan status berhenti agar kami tidak mengirim email lagi, sampai Anda meminta penghapusannya.',
    inquiriesTitle: 'Formulir Kolaborasi',
    inquiriesBefore:
      'Kami menyimpan nama, email, organisasi, topik dan pesan Anda, teks persetujuan yang Anda centang beserta waktu, halaman dan bahasanya, balasan kami, serta catatan staf tentang pesan itu. Data ini hanya dibaca oleh staf yang bertugas menjawab pesan, dan dihapus otomatis',
    retention: (months: number) => `${months} bulan`,
    inquiriesAfter: 'setelah pesan masuk.',
    backupsTitle: 'Cadangan data',
    backups:
      'Salinan cadangan harian disimpan 30 hari dan salinan bulanan 12 bulan, hanya untuk memulihkan situs setelah gangguan. Data yang sudah dihapus hilang dari cadangan ketika salinan itu berakhir.',
    rightsTitle: 'Hak Anda',
    rightsBefore:
      'Anda dapat meminta salinan semua data yang kami simpan tentang alamat email Anda (dalam format JSON), atau meminta semuanya dihapus. Kirim permintaan ke',
    rightsAfter: 'dari alamat tersebut. Setelah penghapusan, log kami hanya mencatat bahwa penghapusan dilakukan, tanpa alamat email Anda.',
  },
  /** Shown when the API has nothing for a part of a page (illustrative content). */
  defaults: {
    hero: { title: 'Selamat datang', subtitle: 'Bekerja bersama untuk Indonesia yang lebih bersih dan lestari', ctaText: 'Selengkapnya' },
    stats: ['Kegiatan edukasi', 'Penurunan sampah tak terolah', 'Organisasi yang digerakkan BioCore', 'Lapangan kerja tercipta', 'Pengurangan limbah karbon'],
    partners: ['Mitra Komunitas', 'Pemerintah Daerah', 'Universitas', 'Industri', 'Relawan'],
    workCategories: [
      { title: 'Pengelolaan Sampah', description: 'Pengumpulan, pemilahan dan daur ulang bersama masyarakat.' },
      { title: 'Energi Terbarukan', description: 'Sampah organik diolah menjadi biogas dan pupuk.' },
      { title: 'Pendidikan', description: 'Program yang mengajarkan pengelolaan sampah dari sumbernya.' },
    ],
    articles: [
      { title: 'Apa itu BioCore?', excerpt: 'Pengolah skala komunitas yang mengubah sampah organik menjadi energi.', tags: ['biocore', 'energi'] },
      { title: 'Memilah sampah organik di rumah', excerpt: 'Langkah sederhana agar sampah organik siap diolah BioCore.', tags: ['edukasi'] },
    ],
    impactSection: {
      title: 'Dampak Kami',
      subtitle: 'Perubahan terukur bersama masyarakat',
      mainStatement: 'Sejak 2014 kami telah menjangkau 332 penerima manfaat.',
      collaborations: [
        { name: 'Pemerintah Daerah', description: 'Kebijakan dan infrastruktur' },
        { name: 'Universitas', description: 'Mitra riset' },
      ],
      metrics: ['Penerima manfaat', 'Sampah tak terolah berkurang', 'Pekerjaan hijau'],
      description: 'Bank sampah dan unit BioCore bekerja bersama: sampah daur ulang dijual dan sampah organik menjadi energi.',
      photos: ['Hari pemilahan bersama warga', 'Kunjungan ke lokasi BioCore', 'Panen kompos'],
    },
  },
  /** Per collection with pages: its navigation label, feed and not-found texts. */
  collections: collectionTexts({
    ourWork: { nav: 'Karya Kami', notFound: { title: 'Karya tidak ditemukan', detail: 'Karya yang Anda cari tidak ada atau sudah dihapus.', back: 'Kembali ke Karya Kami' } },
    category: { nav: 'Karya Kami', notFound: { title: 'Karya tidak ditemukan', detail: 'Karya yang Anda cari tidak ada atau sudah dihapus.', back: 'Kembali ke Karya Kami' } },
    ourImpact: { nav: 'Dampak Kami', notFound: { title: 'Dampak tidak ditemukan', back: 'Kembali ke Dampak Kami' } },
    vision: { nav: 'Visi', feed: 'Visi', notFound: { title: 'Visi tidak ditemukan', back: 'Kembali ke Visi' } },
    bioCore: { nav: 'BioCore', feed: 'BioCore', notFound: { title: 'Artikel tidak ditemukan', detail: 'Artikel yang Anda cari tidak dapat ditemukan atau telah dihapus.', back: 'Kembali ke BioCore' } },
    agenda: { nav: 'Agenda', notFound: { title: 'Agenda tidak ditemukan', detail: 'Acara yang Anda cari tidak ada atau sudah dihapus.', back: 'Kembali ke Agenda' } },
  }),
};

/** Every language's fixed texts have this file's shape. */
export type Texts = typeof id;
