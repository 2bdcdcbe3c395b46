/**
 * The words the offline composer (composer.ts) frames an answer with — "From <link>:", "Sources:", "I couldn't find
 * anything…" — in the language of the reader's page. One table a translator can edit: the 11 languages of the site's
 * own interface strings (packages/astro's shared/render/ui-strings.ts, whose wording these follow), listed with
 * Mintlify's other spellings of them in @lectern/core's ui-languages.ts; any other language reads in English. `{name}` in
 * a string is filled in by `fill`.
 */
import { uiLanguage, type UiLanguage } from '@lectern/core/ui-languages';

export interface AnswerStrings {
  /** Where the composer looked, with the preposition the sentences below need: "in the documentation". */
  where: string;
  /** The same for a site with a name (`{site}`). */
  whereSite: string;
  /** Nothing relevant: `{where}`. Ends with the space (or none) that goes before `rephrase`. */
  notFound: string;
  rephrase: string;
  /** Before the pages that share some words with a question nothing answers. */
  mightHelp: string;
  /** The best passage is only close: `{where}`. */
  closest: string;
  /** The heading of the closing list of sources, with its colon. */
  sources: string;
  /** Before a how-to's steps or a section's opening: `{link}` is the section. */
  from: string;
  /** An endpoint page's first line: `{endpoint}` (method and path, as code) and `{link}` (the page). */
  use: string;
  webhook: string;
  /** Before the request's parameters, the response's fields and a section's fields the question names. */
  parameters: string;
  inResponse: string;
  fields: string;
  /** A quoted GitHub alert's label as a word (`> [!NOTE]` -> `Note: `): `{label}`. */
  alert: string;
  alerts: { NOTE: string; TIP: string; IMPORTANT: string; WARNING: string; CAUTION: string };
}

const en: AnswerStrings = {
  where: 'in the documentation',
  whereSite: 'in the {site} documentation',
  notFound: "I couldn't find anything {where} that answers this question, so I can't answer it from the docs. ",
  rephrase: 'Try rephrasing it with the terms the product uses, or browse the documentation directly.',
  mightHelp: 'These pages mention some of your words and might still help:',
  closest: 'This is the closest match I found {where}; it may not answer your question exactly.',
  sources: 'Sources:',
  from: 'From {link}:',
  use: 'Use {endpoint}: {link}.',
  webhook: 'The webhook {endpoint}: {link}.',
  parameters: 'Parameters that match your question:',
  inResponse: 'In the response:',
  fields: 'Fields that match your question:',
  alert: '{label}: ',
  alerts: { NOTE: 'Note', TIP: 'Tip', IMPORTANT: 'Important', WARNING: 'Warning', CAUTION: 'Caution' },
};

/** Each translated language (@lectern/core's UI_LANGUAGES) -> its strings. */
export const ANSWER_STRINGS: Record<UiLanguage, AnswerStrings> = {
  en,
  fr: {
    where: 'dans la documentation',
    whereSite: 'dans la documentation de {site}',
    notFound: "Je n'ai rien trouvé {where} qui réponde à cette question : je ne peux donc pas y répondre à partir de la documentation. ",
    rephrase: 'Essayez de la reformuler avec les termes du produit, ou parcourez directement la documentation.',
    mightHelp: 'Ces pages mentionnent certains de vos mots et pourraient quand même vous aider :',
    closest: "C'est la correspondance la plus proche que j'ai trouvée {where} ; elle ne répond peut-être pas exactement à votre question.",
    sources: 'Sources :',
    from: "D'après {link} :",
    use: 'Utilisez {endpoint} : {link}.',
    webhook: 'Le webhook {endpoint} : {link}.',
    parameters: 'Paramètres correspondant à votre question :',
    inResponse: 'Dans la réponse :',
    fields: 'Champs correspondant à votre question :',
    alert: '{label} : ',
    alerts: { NOTE: 'Note', TIP: 'Astuce', IMPORTANT: 'Important', WARNING: 'Avertissement', CAUTION: 'Attention' },
  },
  de: {
    where: 'in der Dokumentation',
    whereSite: 'in der Dokumentation von {site}',
    notFound:
      'Ich habe {where} nichts gefunden, das diese Frage beantwortet, daher kann ich sie nicht anhand der Dokumentation beantworten. ',
    rephrase: 'Formulieren Sie die Frage mit den Begriffen des Produkts um, oder durchsuchen Sie die Dokumentation direkt.',
    mightHelp: 'Diese Seiten erwähnen einige Ihrer Wörter und könnten trotzdem helfen:',
    closest: 'Das ist der nächste Treffer, den ich {where} gefunden habe; er beantwortet Ihre Frage möglicherweise nicht genau.',
    sources: 'Quellen:',
    from: 'Laut {link}:',
    use: 'Verwenden Sie {endpoint}: {link}.',
    webhook: 'Der Webhook {endpoint}: {link}.',
    parameters: 'Parameter, die zu Ihrer Frage passen:',
    inResponse: 'In der Antwort:',
    fields: 'Felder, die zu Ihrer Frage passen:',
    alert: '{label}: ',
    alerts: { NOTE: 'Hinweis', TIP: 'Tipp', IMPORTANT: 'Wichtig', WARNING: 'Warnung', CAUTION: 'Vorsicht' },
  },
  es: {
    where: 'en la documentación',
    whereSite: 'en la documentación de {site}',
    notFound: 'No encontré nada {where} que responda a esta pregunta, así que no puedo responderla a partir de la documentación. ',
    rephrase: 'Prueba a reformularla con los términos que usa el producto, o consulta la documentación directamente.',
    mightHelp: 'Estas páginas mencionan algunas de tus palabras y aun así podrían ayudarte:',
    closest: 'Esta es la coincidencia más cercana que encontré {where}; puede que no responda exactamente a tu pregunta.',
    sources: 'Fuentes:',
    from: 'Según {link}:',
    use: 'Usa {endpoint}: {link}.',
    webhook: 'El webhook {endpoint}: {link}.',
    parameters: 'Parámetros que coinciden con tu pregunta:',
    inResponse: 'En la respuesta:',
    fields: 'Campos que coinciden con tu pregunta:',
    alert: '{label}: ',
    alerts: { NOTE: 'Nota', TIP: 'Consejo', IMPORTANT: 'Importante', WARNING: 'Advertencia', CAUTION: 'Precaución' },
  },
  'pt-BR': {
    where: 'na documentação',
    whereSite: 'na documentação de {site}',
    notFound: 'Não encontrei nada {where} que responda a esta pergunta, então não posso respondê-la com base na documentação. ',
    rephrase: 'Tente reformulá-la com os termos que o produto usa, ou navegue pela documentação diretamente.',
    mightHelp: 'Estas páginas mencionam algumas das suas palavras e ainda podem ajudar:',
    closest: 'Esta é a correspondência mais próxima que encontrei {where}; ela pode não responder exatamente à sua pergunta.',
    sources: 'Fontes:',
    from: 'De acordo com {link}:',
    use: 'Use {endpoint}: {link}.',
    webhook: 'O webhook {endpoint}: {link}.',
    parameters: 'Parâmetros que correspondem à sua pergunta:',
    inResponse: 'Na resposta:',
    fields: 'Campos que correspondem à sua pergunta:',
    alert: '{label}: ',
    alerts: { NOTE: 'Nota', TIP: 'Dica', IMPORTANT: 'Importante', WARNING: 'Aviso', CAUTION: 'Cuidado' },
  },
  it: {
    where: 'nella documentazione',
    whereSite: 'nella documentazione di {site}',
    notFound: 'Non ho trovato nulla {where} che risponda a questa domanda, quindi non posso rispondere in base alla documentazione. ',
    rephrase: 'Prova a riformularla con i termini usati dal prodotto, oppure consulta direttamente la documentazione.',
    mightHelp: 'Queste pagine citano alcune delle tue parole e potrebbero comunque essere utili:',
    closest: 'Questa è la corrispondenza più vicina che ho trovato {where}; potrebbe non rispondere esattamente alla tua domanda.',
    sources: 'Fonti:',
    from: 'Secondo {link}:',
    use: 'Usa {endpoint}: {link}.',
    webhook: 'Il webhook {endpoint}: {link}.',
    parameters: 'Parametri che corrispondono alla tua domanda:',
    inResponse: 'Nella risposta:',
    fields: 'Campi che corrispondono alla tua domanda:',
    alert: '{label}: ',
    alerts: { NOTE: 'Nota', TIP: 'Suggerimento', IMPORTANT: 'Importante', WARNING: 'Avviso', CAUTION: 'Attenzione' },
  },
  ru: {
    where: 'в документации',
    whereSite: 'в документации {site}',
    notFound: 'Я не нашёл {where} ничего, что отвечало бы на этот вопрос, поэтому не могу ответить на него по документации. ',
    rephrase: 'Попробуйте переформулировать вопрос, используя термины продукта, или просмотрите документацию напрямую.',
    mightHelp: 'На этих страницах встречаются некоторые слова из вашего вопроса, возможно, они помогут:',
    closest: 'Это самое близкое совпадение, которое я нашёл {where}; возможно, оно не вполне отвечает на ваш вопрос.',
    sources: 'Источники:',
    from: 'Согласно странице {link}:',
    use: 'Используйте {endpoint}: {link}.',
    webhook: 'Вебхук {endpoint}: {link}.',
    parameters: 'Параметры, подходящие к вашему вопросу:',
    inResponse: 'В ответе:',
    fields: 'Поля, подходящие к вашему вопросу:',
    alert: '{label}: ',
    alerts: { NOTE: 'Примечание', TIP: 'Совет', IMPORTANT: 'Важно', WARNING: 'Предупреждение', CAUTION: 'Осторожно' },
  },
  ja: {
    where: 'ドキュメント',
    whereSite: '{site} のドキュメント',
    notFound: '{where}には、この質問に答える内容が見つからなかったため、ドキュメントからはお答えできません。',
    rephrase: '製品で使われている用語で言い換えるか、ドキュメントを直接ご覧ください。',
    mightHelp: '次のページには質問の語句の一部が含まれており、参考になるかもしれません：',
    closest: 'これは{where}で見つかった最も近い内容ですが、質問への正確な答えではないかもしれません。',
    sources: '出典：',
    from: '{link} によると：',
    use: '{endpoint} を使用します：{link}。',
    webhook: 'Webhook {endpoint}：{link}。',
    parameters: '質問に該当するパラメーター：',
    inResponse: 'レスポンス内：',
    fields: '質問に該当するフィールド：',
    alert: '{label}：',
    alerts: { NOTE: '注記', TIP: 'ヒント', IMPORTANT: '重要', WARNING: '警告', CAUTION: '注意' },
  },
  ko: {
    where: '문서',
    whereSite: '{site} 문서',
    notFound: '{where}에서 이 질문에 답하는 내용을 찾지 못해 문서를 바탕으로 답변할 수 없습니다. ',
    rephrase: '제품에서 사용하는 용어로 질문을 바꿔 보거나 문서를 직접 살펴보세요.',
    mightHelp: '다음 페이지에 질문의 일부 단어가 나오며 도움이 될 수 있습니다:',
    closest: '{where}에서 찾은 가장 가까운 내용이지만 질문에 정확히 답하지 않을 수 있습니다.',
    sources: '출처:',
    from: '{link}의 내용:',
    use: '{endpoint} 사용: {link}.',
    webhook: '웹훅 {endpoint}: {link}.',
    parameters: '질문과 일치하는 매개변수:',
    inResponse: '응답:',
    fields: '질문과 일치하는 필드:',
    alert: '{label}: ',
    alerts: { NOTE: '참고', TIP: '팁', IMPORTANT: '중요', WARNING: '경고', CAUTION: '주의' },
  },
  zh: {
    where: '文档',
    whereSite: '{site} 文档',
    notFound: '在{where}中没有找到能回答这个问题的内容，因此无法根据文档回答。',
    rephrase: '请尝试使用产品中的术语重新表述问题，或直接浏览文档。',
    mightHelp: '以下页面提到了你问题中的部分词语，或许仍有帮助：',
    closest: '这是我在{where}中找到的最接近的内容，可能无法准确回答你的问题。',
    sources: '来源：',
    from: '根据 {link}：',
    use: '使用 {endpoint}：{link}。',
    webhook: 'Webhook {endpoint}：{link}。',
    parameters: '与你的问题匹配的参数：',
    inResponse: '响应中：',
    fields: '与你的问题匹配的字段：',
    alert: '{label}：',
    alerts: { NOTE: '注', TIP: '提示', IMPORTANT: '重要', WARNING: '警告', CAUTION: '注意' },
  },
  'zh-Hant': {
    where: '文件',
    whereSite: '{site} 文件',
    notFound: '在{where}中找不到能回答這個問題的內容，因此無法根據文件回答。',
    rephrase: '請嘗試使用產品中的術語重新描述問題，或直接瀏覽文件。',
    mightHelp: '以下頁面提到了你問題中的部分字詞，或許仍有幫助：',
    closest: '這是我在{where}中找到的最接近的內容，可能無法準確回答你的問題。',
    sources: '來源：',
    from: '根據 {link}：',
    use: '使用 {endpoint}：{link}。',
    webhook: 'Webhook {endpoint}：{link}。',
    parameters: '與你的問題相符的參數：',
    inResponse: '回應中：',
    fields: '與你的問題相符的欄位：',
    alert: '{label}：',
    alerts: { NOTE: '注', TIP: '提示', IMPORTANT: '重要', WARNING: '警告', CAUTION: '注意' },
  },
};

/** The framing words in `language`, English when it has no translation. */
export function answerStrings(language: string | undefined): AnswerStrings {
  return ANSWER_STRINGS[uiLanguage(language) ?? 'en'];
}

/** `template` with each `{name}` replaced by `values[name]` (left as is when not given). */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (m, name: string) => values[name] ?? m);
}
