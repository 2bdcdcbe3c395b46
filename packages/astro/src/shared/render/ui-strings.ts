/**
 * The site's own words (table of contents heading, previous/next, search, "Copy page", "Last updated"…) in the page's
 * language (`page.language`, from docs.json `navigation.languages`). One table a translator can edit: a language
 * code -> every string; a language not in the table, or a string it lacks, reads in English.
 *
 * `{query}` in a string is replaced by what the reader typed.
 */

export interface UiStrings {
  /** Table of contents heading. */
  onThisPage: string;
  /** The search button's and dialog's name. */
  search: string;
  /** The search box's placeholder (docs.json `search.prompt` wins). */
  searchPlaceholder: string;
  /** Shown when a search finds nothing; `{query}` is the reader's words. */
  noResults: string;
  previous: string;
  next: string;
  /** The name of the previous/next links' region. */
  pagination: string;
  copyPage: string;
  copied: string;
  /** Announced after Ctrl+C copies the page as Markdown. */
  copiedPage: string;
  morePageActions: string;
  /** Before the date of the page's last change. */
  lastUpdated: string;
  skipToContent: string;
  /** The sidebar's name. */
  navigation: string;
  openNavigation: string;
  toggleDarkMode: string;
  /** A heading's link chip; the heading's text follows. */
  copyLinkToSection: string;
  /** An image that zooms on click; its alt text follows. */
  enlargeImage: string;
  enlargedImage: string;
  /** Names of the sidebar's switchers (other switchers are named by their docs.json key). */
  languageSwitcher: string;
  versionSwitcher: string;
  productSwitcher: string;
  /** The pill of a `deprecated: true` page. */
  deprecated: string;
  /** The close button of a dismissible docs.json `banner`. */
  dismissBanner: string;
  /** A changelog's tag filters: their heading, the button that clears them, and the name of the group of tags. */
  updateFilters: string;
  clearFilters: string;
  filterUpdatesByTag: string;
  /** The header's assistant button (docs.json `lectern.assistant`). */
  askAi: string;
  /** The 404 page (in the home page's language; docs.json `errors.404.title`/`description` win): its title and text,
   * the line shown while it sends the reader home, and its two buttons. */
  notFound: string;
  notFoundText: string;
  takingYouHome: string;
  goHome: string;
  searchDocs: string;
  /** Copy buttons: a code block's, a `<Prompt>`'s, a `<Color>` swatch's (`copied` is their notice). */
  copyCode: string;
  copyPrompt: string;
  copy: string;
  /** The page feedback widget (docs.json `feedback`): its question, thumbs, thank-you notice, optional comment box and
   * button, and the links to the docs repo. */
  wasThisHelpful: string;
  yes: string;
  no: string;
  feedbackThanks: string;
  feedbackComment: string;
  send: string;
  suggestEdits: string;
  raiseIssue: string;
}

const en: UiStrings = {
  onThisPage: 'On this page',
  search: 'Search',
  searchPlaceholder: 'Search…',
  noResults: 'No results for “{query}”',
  previous: 'Previous',
  next: 'Next',
  pagination: 'Previous and next',
  copyPage: 'Copy page',
  copied: 'Copied',
  copiedPage: 'Copied page as Markdown',
  morePageActions: 'More page actions',
  lastUpdated: 'Last updated',
  skipToContent: 'Skip to content',
  navigation: 'Navigation',
  openNavigation: 'Open navigation',
  toggleDarkMode: 'Toggle dark mode',
  copyLinkToSection: 'Copy link to section',
  enlargeImage: 'Enlarge image',
  enlargedImage: 'Enlarged image',
  languageSwitcher: 'Language',
  versionSwitcher: 'Version',
  productSwitcher: 'Product',
  deprecated: 'Deprecated',
  dismissBanner: 'Dismiss banner',
  updateFilters: 'Filters',
  clearFilters: 'Clear',
  filterUpdatesByTag: 'Filter updates by tag',
  askAi: 'Ask AI',
  notFound: 'Page not found',
  notFoundText: 'We could not find the page you were looking for.',
  takingYouHome: 'Taking you to the home page…',
  goHome: 'Go to the home page',
  searchDocs: 'Search the docs',
  copyCode: 'Copy code',
  copyPrompt: 'Copy prompt',
  copy: 'Copy',
  wasThisHelpful: 'Was this page helpful?',
  yes: 'Yes',
  no: 'No',
  feedbackThanks: 'Thank you for your feedback',
  feedbackComment: 'Tell us more (optional)',
  send: 'Send',
  suggestEdits: 'Suggest edits',
  raiseIssue: 'Raise issue',
};

/** Every translated language. Keys are BCP 47 codes as written in docs.json; see ALIASES for Mintlify's other spellings. */
export const UI_STRINGS: Record<string, Partial<UiStrings>> = {
  en,
  fr: {
    onThisPage: 'Sur cette page',
    search: 'Rechercher',
    searchPlaceholder: 'Rechercher…',
    noResults: 'Aucun résultat pour « {query} »',
    previous: 'Précédent',
    next: 'Suivant',
    pagination: 'Précédent et suivant',
    copyPage: 'Copier la page',
    copied: 'Copié',
    copiedPage: 'Page copiée en Markdown',
    morePageActions: 'Autres actions sur la page',
    lastUpdated: 'Dernière mise à jour',
    skipToContent: 'Aller au contenu',
    navigation: 'Navigation',
    openNavigation: 'Ouvrir la navigation',
    toggleDarkMode: 'Basculer le mode sombre',
    copyLinkToSection: 'Copier le lien vers la section',
    enlargeImage: "Agrandir l'image",
    enlargedImage: 'Image agrandie',
    languageSwitcher: 'Langue',
    versionSwitcher: 'Version',
    productSwitcher: 'Produit',
    deprecated: 'Obsolète',
    dismissBanner: 'Fermer la bannière',
    updateFilters: 'Filtres',
    clearFilters: 'Effacer',
    filterUpdatesByTag: 'Filtrer les mises à jour par étiquette',
    askAi: "Demander à l'IA",
    notFound: 'Page introuvable',
    notFoundText: 'Nous n’avons pas trouvé la page que vous cherchiez.',
    takingYouHome: 'Retour à la page d’accueil…',
    goHome: 'Aller à la page d’accueil',
    searchDocs: 'Rechercher dans la documentation',
    copyCode: 'Copier le code',
    copyPrompt: 'Copier le prompt',
    copy: 'Copier',
    wasThisHelpful: 'Cette page vous a-t-elle été utile ?',
    yes: 'Oui',
    no: 'Non',
    feedbackThanks: 'Merci pour votre retour',
    feedbackComment: 'Dites-nous en plus (facultatif)',
    send: 'Envoyer',
    suggestEdits: 'Suggérer des modifications',
    raiseIssue: 'Signaler un problème',
  },
  de: {
    onThisPage: 'Auf dieser Seite',
    search: 'Suchen',
    searchPlaceholder: 'Suchen…',
    noResults: 'Keine Ergebnisse für „{query}“',
    previous: 'Zurück',
    next: 'Weiter',
    pagination: 'Zurück und weiter',
    copyPage: 'Seite kopieren',
    copied: 'Kopiert',
    copiedPage: 'Seite als Markdown kopiert',
    morePageActions: 'Weitere Seitenaktionen',
    lastUpdated: 'Zuletzt aktualisiert',
    skipToContent: 'Zum Inhalt springen',
    navigation: 'Navigation',
    openNavigation: 'Navigation öffnen',
    toggleDarkMode: 'Dunkelmodus umschalten',
    copyLinkToSection: 'Link zum Abschnitt kopieren',
    enlargeImage: 'Bild vergrößern',
    enlargedImage: 'Vergrößertes Bild',
    languageSwitcher: 'Sprache',
    versionSwitcher: 'Version',
    productSwitcher: 'Produkt',
    deprecated: 'Veraltet',
    dismissBanner: 'Banner schließen',
    updateFilters: 'Filter',
    clearFilters: 'Zurücksetzen',
    filterUpdatesByTag: 'Updates nach Tag filtern',
    askAi: 'KI fragen',
    notFound: 'Seite nicht gefunden',
    notFoundText: 'Die gesuchte Seite wurde nicht gefunden.',
    takingYouHome: 'Sie werden zur Startseite weitergeleitet…',
    goHome: 'Zur Startseite',
    searchDocs: 'Dokumentation durchsuchen',
    copyCode: 'Code kopieren',
    copyPrompt: 'Prompt kopieren',
    copy: 'Kopieren',
    wasThisHelpful: 'War diese Seite hilfreich?',
    yes: 'Ja',
    no: 'Nein',
    feedbackThanks: 'Vielen Dank für Ihr Feedback',
    feedbackComment: 'Erzählen Sie uns mehr (optional)',
    send: 'Senden',
    suggestEdits: 'Änderungen vorschlagen',
    raiseIssue: 'Problem melden',
  },
  es: {
    onThisPage: 'En esta página',
    search: 'Buscar',
    searchPlaceholder: 'Buscar…',
    noResults: 'No hay resultados para «{query}»',
    previous: 'Anterior',
    next: 'Siguiente',
    pagination: 'Anterior y siguiente',
    copyPage: 'Copiar página',
    copied: 'Copiado',
    copiedPage: 'Página copiada como Markdown',
    morePageActions: 'Más acciones de la página',
    lastUpdated: 'Última actualización',
    skipToContent: 'Saltar al contenido',
    navigation: 'Navegación',
    openNavigation: 'Abrir navegación',
    toggleDarkMode: 'Cambiar modo oscuro',
    copyLinkToSection: 'Copiar enlace a la sección',
    enlargeImage: 'Ampliar imagen',
    enlargedImage: 'Imagen ampliada',
    languageSwitcher: 'Idioma',
    versionSwitcher: 'Versión',
    productSwitcher: 'Producto',
    deprecated: 'Obsoleto',
    dismissBanner: 'Cerrar el banner',
    updateFilters: 'Filtros',
    clearFilters: 'Borrar',
    filterUpdatesByTag: 'Filtrar actualizaciones por etiqueta',
    askAi: 'Preguntar a la IA',
    notFound: 'Página no encontrada',
    notFoundText: 'No encontramos la página que buscabas.',
    takingYouHome: 'Te llevamos a la página de inicio…',
    goHome: 'Ir a la página de inicio',
    searchDocs: 'Buscar en la documentación',
    copyCode: 'Copiar código',
    copyPrompt: 'Copiar prompt',
    copy: 'Copiar',
    wasThisHelpful: '¿Te resultó útil esta página?',
    yes: 'Sí',
    no: 'No',
    feedbackThanks: 'Gracias por tus comentarios',
    feedbackComment: 'Cuéntanos más (opcional)',
    send: 'Enviar',
    suggestEdits: 'Sugerir cambios',
    raiseIssue: 'Informar de un problema',
  },
  'pt-BR': {
    onThisPage: 'Nesta página',
    search: 'Pesquisar',
    searchPlaceholder: 'Pesquisar…',
    noResults: 'Nenhum resultado para “{query}”',
    previous: 'Anterior',
    next: 'Próximo',
    pagination: 'Anterior e próximo',
    copyPage: 'Copiar página',
    copied: 'Copiado',
    copiedPage: 'Página copiada como Markdown',
    morePageActions: 'Mais ações da página',
    lastUpdated: 'Última atualização',
    skipToContent: 'Pular para o conteúdo',
    navigation: 'Navegação',
    openNavigation: 'Abrir navegação',
    toggleDarkMode: 'Alternar modo escuro',
    copyLinkToSection: 'Copiar link da seção',
    enlargeImage: 'Ampliar imagem',
    enlargedImage: 'Imagem ampliada',
    languageSwitcher: 'Idioma',
    versionSwitcher: 'Versão',
    productSwitcher: 'Produto',
    deprecated: 'Obsoleto',
    dismissBanner: 'Fechar o banner',
    updateFilters: 'Filtros',
    clearFilters: 'Limpar',
    filterUpdatesByTag: 'Filtrar atualizações por tag',
    askAi: 'Perguntar à IA',
    notFound: 'Página não encontrada',
    notFoundText: 'Não encontramos a página que você procurava.',
    takingYouHome: 'Levando você à página inicial…',
    goHome: 'Ir para a página inicial',
    searchDocs: 'Pesquisar na documentação',
    copyCode: 'Copiar código',
    copyPrompt: 'Copiar prompt',
    copy: 'Copiar',
    wasThisHelpful: 'Esta página foi útil?',
    yes: 'Sim',
    no: 'Não',
    feedbackThanks: 'Obrigado pelo seu feedback',
    feedbackComment: 'Conte-nos mais (opcional)',
    send: 'Enviar',
    suggestEdits: 'Sugerir alterações',
    raiseIssue: 'Relatar problema',
  },
  it: {
    onThisPage: 'In questa pagina',
    search: 'Cerca',
    searchPlaceholder: 'Cerca…',
    noResults: 'Nessun risultato per “{query}”',
    previous: 'Precedente',
    next: 'Successivo',
    pagination: 'Precedente e successivo',
    copyPage: 'Copia pagina',
    copied: 'Copiato',
    copiedPage: 'Pagina copiata come Markdown',
    morePageActions: 'Altre azioni della pagina',
    lastUpdated: 'Ultimo aggiornamento',
    skipToContent: 'Vai al contenuto',
    navigation: 'Navigazione',
    openNavigation: 'Apri navigazione',
    toggleDarkMode: 'Attiva/disattiva modalità scura',
    copyLinkToSection: 'Copia il link alla sezione',
    enlargeImage: 'Ingrandisci immagine',
    enlargedImage: 'Immagine ingrandita',
    languageSwitcher: 'Lingua',
    versionSwitcher: 'Versione',
    productSwitcher: 'Prodotto',
    deprecated: 'Deprecato',
    dismissBanner: 'Chiudi il banner',
    updateFilters: 'Filtri',
    clearFilters: 'Cancella',
    filterUpdatesByTag: 'Filtra gli aggiornamenti per tag',
    askAi: "Chiedi all'IA",
    notFound: 'Pagina non trovata',
    notFoundText: 'Non abbiamo trovato la pagina che cercavi.',
    takingYouHome: 'Ti stiamo portando alla home page…',
    goHome: 'Vai alla home page',
    searchDocs: 'Cerca nella documentazione',
    copyCode: 'Copia codice',
    copyPrompt: 'Copia prompt',
    copy: 'Copia',
    wasThisHelpful: 'Questa pagina ti è stata utile?',
    yes: 'Sì',
    no: 'No',
    feedbackThanks: 'Grazie per il tuo feedback',
    feedbackComment: 'Dicci di più (facoltativo)',
    send: 'Invia',
    suggestEdits: 'Suggerisci modifiche',
    raiseIssue: 'Segnala un problema',
  },
  ru: {
    onThisPage: 'На этой странице',
    search: 'Поиск',
    searchPlaceholder: 'Поиск…',
    noResults: 'Ничего не найдено по запросу «{query}»',
    previous: 'Назад',
    next: 'Далее',
    pagination: 'Назад и далее',
    copyPage: 'Копировать страницу',
    copied: 'Скопировано',
    copiedPage: 'Страница скопирована как Markdown',
    morePageActions: 'Другие действия со страницей',
    lastUpdated: 'Последнее обновление',
    skipToContent: 'Перейти к содержимому',
    navigation: 'Навигация',
    openNavigation: 'Открыть навигацию',
    toggleDarkMode: 'Переключить тёмную тему',
    copyLinkToSection: 'Скопировать ссылку на раздел',
    enlargeImage: 'Увеличить изображение',
    enlargedImage: 'Увеличенное изображение',
    languageSwitcher: 'Язык',
    versionSwitcher: 'Версия',
    productSwitcher: 'Продукт',
    deprecated: 'Устарело',
    dismissBanner: 'Закрыть баннер',
    updateFilters: 'Фильтры',
    clearFilters: 'Сбросить',
    filterUpdatesByTag: 'Фильтровать обновления по тегу',
    askAi: 'Спросить ИИ',
    notFound: 'Страница не найдена',
    notFoundText: 'Мы не нашли страницу, которую вы искали.',
    takingYouHome: 'Переходим на главную страницу…',
    goHome: 'На главную страницу',
    searchDocs: 'Искать в документации',
    copyCode: 'Копировать код',
    copyPrompt: 'Копировать промпт',
    copy: 'Копировать',
    wasThisHelpful: 'Была ли эта страница полезной?',
    yes: 'Да',
    no: 'Нет',
    feedbackThanks: 'Спасибо за отзыв',
    feedbackComment: 'Расскажите подробнее (необязательно)',
    send: 'Отправить',
    suggestEdits: 'Предложить правки',
    raiseIssue: 'Сообщить о проблеме',
  },
  ja: {
    onThisPage: 'このページの内容',
    search: '検索',
    searchPlaceholder: '検索…',
    noResults: '「{query}」に一致する結果はありません',
    previous: '前へ',
    next: '次へ',
    pagination: '前へ・次へ',
    copyPage: 'ページをコピー',
    copied: 'コピーしました',
    copiedPage: 'ページを Markdown としてコピーしました',
    morePageActions: 'その他のページ操作',
    lastUpdated: '最終更新',
    skipToContent: 'コンテンツへスキップ',
    navigation: 'ナビゲーション',
    openNavigation: 'ナビゲーションを開く',
    toggleDarkMode: 'ダークモードを切り替え',
    copyLinkToSection: 'セクションへのリンクをコピー',
    enlargeImage: '画像を拡大',
    enlargedImage: '拡大画像',
    languageSwitcher: '言語',
    versionSwitcher: 'バージョン',
    productSwitcher: '製品',
    deprecated: '非推奨',
    dismissBanner: 'バナーを閉じる',
    updateFilters: 'フィルター',
    clearFilters: 'クリア',
    filterUpdatesByTag: 'タグで更新を絞り込む',
    askAi: 'AIに質問',
    notFound: 'ページが見つかりません',
    notFoundText: 'お探しのページは見つかりませんでした。',
    takingYouHome: 'ホームページに移動しています…',
    goHome: 'ホームページへ移動',
    searchDocs: 'ドキュメントを検索',
    copyCode: 'コードをコピー',
    copyPrompt: 'プロンプトをコピー',
    copy: 'コピー',
    wasThisHelpful: 'このページは役に立ちましたか？',
    yes: 'はい',
    no: 'いいえ',
    feedbackThanks: 'フィードバックをありがとうございます',
    feedbackComment: '詳しく教えてください（任意）',
    send: '送信',
    suggestEdits: '編集を提案',
    raiseIssue: '問題を報告',
  },
  ko: {
    onThisPage: '이 페이지의 내용',
    search: '검색',
    searchPlaceholder: '검색…',
    noResults: '“{query}”에 대한 결과가 없습니다',
    previous: '이전',
    next: '다음',
    pagination: '이전 및 다음',
    copyPage: '페이지 복사',
    copied: '복사됨',
    copiedPage: '페이지를 Markdown으로 복사했습니다',
    morePageActions: '페이지 작업 더 보기',
    lastUpdated: '마지막 업데이트',
    skipToContent: '본문으로 건너뛰기',
    navigation: '탐색',
    openNavigation: '탐색 열기',
    toggleDarkMode: '다크 모드 전환',
    copyLinkToSection: '섹션 링크 복사',
    enlargeImage: '이미지 확대',
    enlargedImage: '확대된 이미지',
    languageSwitcher: '언어',
    versionSwitcher: '버전',
    productSwitcher: '제품',
    deprecated: '지원 중단',
    dismissBanner: '배너 닫기',
    updateFilters: '필터',
    clearFilters: '지우기',
    filterUpdatesByTag: '태그로 업데이트 필터링',
    askAi: 'AI에게 질문',
    notFound: '페이지를 찾을 수 없습니다',
    notFoundText: '찾으시는 페이지를 찾을 수 없습니다.',
    takingYouHome: '홈페이지로 이동하는 중…',
    goHome: '홈페이지로 이동',
    searchDocs: '문서 검색',
    copyCode: '코드 복사',
    copyPrompt: '프롬프트 복사',
    copy: '복사',
    wasThisHelpful: '이 페이지가 도움이 되었나요?',
    yes: '예',
    no: '아니요',
    feedbackThanks: '피드백을 주셔서 감사합니다',
    feedbackComment: '자세히 알려 주세요(선택 사항)',
    send: '보내기',
    suggestEdits: '수정 제안',
    raiseIssue: '문제 제기',
  },
  zh: {
    onThisPage: '本页内容',
    search: '搜索',
    searchPlaceholder: '搜索…',
    noResults: '没有找到“{query}”的结果',
    previous: '上一页',
    next: '下一页',
    pagination: '上一页和下一页',
    copyPage: '复制页面',
    copied: '已复制',
    copiedPage: '已将页面复制为 Markdown',
    morePageActions: '更多页面操作',
    lastUpdated: '最后更新',
    skipToContent: '跳到正文',
    navigation: '导航',
    openNavigation: '打开导航',
    toggleDarkMode: '切换深色模式',
    copyLinkToSection: '复制章节链接',
    enlargeImage: '放大图片',
    enlargedImage: '放大的图片',
    languageSwitcher: '语言',
    versionSwitcher: '版本',
    productSwitcher: '产品',
    deprecated: '已弃用',
    dismissBanner: '关闭横幅',
    updateFilters: '筛选',
    clearFilters: '清除',
    filterUpdatesByTag: '按标签筛选更新',
    askAi: '询问 AI',
    notFound: '未找到页面',
    notFoundText: '我们找不到您要查找的页面。',
    takingYouHome: '正在带您前往首页…',
    goHome: '前往首页',
    searchDocs: '搜索文档',
    copyCode: '复制代码',
    copyPrompt: '复制提示词',
    copy: '复制',
    wasThisHelpful: '此页面对您有帮助吗？',
    yes: '是',
    no: '否',
    feedbackThanks: '感谢您的反馈',
    feedbackComment: '告诉我们更多（可选）',
    send: '发送',
    suggestEdits: '建议编辑',
    raiseIssue: '提出问题',
  },
  'zh-Hant': {
    onThisPage: '本頁內容',
    search: '搜尋',
    searchPlaceholder: '搜尋…',
    noResults: '找不到「{query}」的結果',
    previous: '上一頁',
    next: '下一頁',
    pagination: '上一頁和下一頁',
    copyPage: '複製頁面',
    copied: '已複製',
    copiedPage: '已將頁面複製為 Markdown',
    morePageActions: '更多頁面操作',
    lastUpdated: '最後更新',
    skipToContent: '跳至主要內容',
    navigation: '導覽',
    openNavigation: '開啟導覽',
    toggleDarkMode: '切換深色模式',
    copyLinkToSection: '複製章節連結',
    enlargeImage: '放大圖片',
    enlargedImage: '放大的圖片',
    languageSwitcher: '語言',
    versionSwitcher: '版本',
    productSwitcher: '產品',
    deprecated: '已棄用',
    dismissBanner: '關閉橫幅',
    updateFilters: '篩選',
    clearFilters: '清除',
    filterUpdatesByTag: '依標籤篩選更新',
    askAi: '詢問 AI',
    notFound: '找不到頁面',
    notFoundText: '我們找不到您要尋找的頁面。',
    takingYouHome: '正在帶您前往首頁…',
    goHome: '前往首頁',
    searchDocs: '搜尋文件',
    copyCode: '複製程式碼',
    copyPrompt: '複製提示詞',
    copy: '複製',
    wasThisHelpful: '此頁面對您有幫助嗎？',
    yes: '是',
    no: '否',
    feedbackThanks: '感謝您的意見回饋',
    feedbackComment: '告訴我們更多（選填）',
    send: '傳送',
    suggestEdits: '建議編輯',
    raiseIssue: '提出問題',
  },
};

/** Mintlify's other spellings of a translated language (lower case) -> its key in UI_STRINGS. */
const ALIASES: Record<string, string> = {
  cn: 'zh',
  'zh-cn': 'zh',
  'zh-hans': 'zh',
  'zh-sg': 'zh',
  'zh-tw': 'zh-Hant',
  'zh-hk': 'zh-Hant',
  'zh-hant': 'zh-Hant',
  jp: 'ja',
  'ja-jp': 'ja',
  pt: 'pt-BR',
  'pt-br': 'pt-BR',
  'pt-pt': 'pt-BR',
};

/** The UI_STRINGS key for a page language (`fr-CA` -> `fr`, `cn` -> `zh`), or undefined when it is not translated. */
export function uiLanguage(language: string | undefined): string | undefined {
  if (!language) return undefined;
  const lower = language.toLowerCase();
  if (ALIASES[lower]) return ALIASES[lower];
  const exact = Object.keys(UI_STRINGS).find((k) => k.toLowerCase() === lower);
  if (exact) return exact;
  const primary = lower.split(/[-_]/)[0]!;
  return ALIASES[primary] ?? (UI_STRINGS[primary] ? primary : undefined);
}

/** Every UI string in `language` (a page's `language`), English where it has no translation. */
export function uiStrings(language: string | undefined): UiStrings {
  const key = uiLanguage(language);
  return key ? { ...en, ...UI_STRINGS[key] } : en;
}

/**
 * The page's strings for the components its MDX renders (a code block's copy button…), which get no page: the page
 * route puts them in `Astro.locals` (`setPageUi`), shared by every component of that page's render.
 */
export function setPageUi(locals: object, ui: UiStrings): void {
  (locals as { lecternUi?: UiStrings }).lecternUi = ui;
}
/** The strings `setPageUi` gave this page's render, English outside one. */
export function pageUi(locals: object): UiStrings {
  return (locals as { lecternUi?: UiStrings }).lecternUi ?? en;
}

/** The strings the page's script draws (search results, copy notices, heading and image labels). */
export const CLIENT_KEYS = [
  'noResults',
  'copiedPage',
  'copyLinkToSection',
  'enlargeImage',
  'enlargedImage',
] as const satisfies ReadonlyArray<keyof UiStrings>;

/** The client's strings as a JSON attribute value, or undefined for English (the script's own defaults). */
export function clientUiJson(ui: UiStrings): string | undefined {
  if (CLIENT_KEYS.every((k) => ui[k] === en[k])) return undefined;
  return JSON.stringify(Object.fromEntries(CLIENT_KEYS.map((k) => [k, ui[k]])));
}
