"""The written number expressions and labelled answers of the six languages of issue 26
(ru zh tr ja hi pl), as first written (2026-12-07, by the session of issue 26), before the
reader was run on them.

    python benchmarks/corpora/src/un_languages.py

writes ``numbers/<code>.written.<part>.jsonl`` and ``answers/<code>.<part>.jsonl``; the JSON
lines are the corpus (frozen: a new case is added under a new id, a case is never edited).
Every third case of a language (by position) is held out.

Written on the conventions of each statistics office's releases and CLDR's separators:
Rosstat (space or no-break space grouping, decimal comma, "млн", "млрд", "трлн", "тыс.",
the plural and case forms of the scale words), NBS China (万, 亿, 万亿, "增长5.2%", CJK
numerals, full-width digits), TurkStat (the percent sign before the number, "%8,7", dot
grouping, "milyon", "milyar", "trilyon", "bin"), the Statistics Bureau of Japan (万, 億, 兆 =
10^12, "1億2,380万人", full-width digits), MoSPI India (lakh and crore, Indian grouping,
"लाख करोड़", Devanagari digits), GUS Poland (space grouping, "tys.", "mln", "mld", "bln" =
10^12, the plural and case forms of "milion", "miliard"). Names that are no figures (G7,
G20, Formula 1, 5G, Ту-154, Windows 11), ordinals and years (2024年, 令和6年, 第3四半期) state
no figure.

In an answer, ``[[text]]`` marks a figure the evidence supports and ``[[!text]]`` one it does
not (invented); a number not marked is no figure, so a flag on it is a false alarm. The label
is what a careful reader of the evidence says ("около 80%" for a source's 85% is invented,
"около 6 000" for 6 140 is not).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

S = "written by hand (issue 26)"
NB = "\u00a0"  # CLDR's group separator of ru and pl (a no-break space)

NUMBERS: dict[str, list[tuple[str, list[str]]]] = {
    "ru": [
        ("Численность населения составила 146,2 миллиона человек.", ["146200000"]),
        ("Безработица в марте 2024 года составила 2,7%.", ["2.7"]),
        (f"Население России на 1 января 2024 года — 146{NB}150{NB}789 человек.", ["146150789"]),
        ("Доходы бюджета составили 425 млрд руб.", ["425000000000"]),
        ("Дефицит бюджета достиг 3,5 миллиона рублей.", ["3500000"]),
        ("Объём кредитов составил 1,5 трлн рублей.", ["1500000000000"]),
        ("В регионе проживает 5 млн человек.", ["5000000"]),
        ("Было построено 12 тыс. квартир.", ["12000"]),
        ("Инфляция составила от 3 до 7% в зависимости от региона.", ["3", "7"]),
        ("Подано более 15 и менее 30 заявлений на место.", ["15", "30"]),
        ("На Формуле-1 и саммите G20 было много гостей.", []),
        ("Самолёт Ту-154 перевёз около 150 пассажиров.", ["150"]),
        ("Численность занятых — две тысячи пятьсот человек.", ["2500"]),
        ("Экспорт вырос до пяти миллионов тонн.", ["5000000"]),
        ("Выпуск снизился на 0,4 процентного пункта.", ["0.4"]),
        ("В стране 47,385,107 жителей.", ["47385107"]),
        ("Инвестиции составили 2 миллиарда рублей.", ["2000000000"]),
        ("Население города — 12 655 050 человек.", ["12655050"]),
        ("Рост ВВП во втором квартале составил 4,1%.", ["4.1"]),
        ("Около 2,4% семей получили пособие.", ["2.4"]),
        ("Урожай составил 145 миллионов тонн.", ["145000000"]),
    ],
    "zh": [
        ("全国人口为14.1亿人。", ["1410000000"]),
        ("国内生产总值为134.9万亿元。", ["134900000000000"]),
        ("全年新增就业3万人。", ["30000"]),
        ("该镇有三千五百户居民。", ["3500"]),
        ("全年粮食产量为６９５４１万吨。", ["695410000"]),
        ("国内生产总值比上年增长5.2%。", ["5.2"]),
        ("城镇调查失业率为百分之五点二。", ["5.2"]),
        ("年末全国人口1,409,670,000人。", ["1409670000"]),
        ("约1.4亿人参加了养老保险。", ["140000000"]),
        ("2024年第一季度出口增长了3.5%。", ["3.5"]),
        ("G20峰会期间，5G网络覆盖全市。", []),
        ("全年进口额为2.5万亿元。", ["2500000000000"]),
        ("居民消费价格上涨0.2%。", ["0.2"]),
        ("失业率在3%至7%之间。", ["3", "7"]),
        ("参保人数为12万3千人。", ["123000"]),
        ("外汇储备为32,380亿美元。", ["3238000000000"]),
        ("全年旅客运输量为９３．１亿人次。", ["9310000000"]),
        ("该县有二十五所学校。", ["25"]),
        ("财政赤字为负三百亿元。", ["-30000000000"]),
        ("新增城镇就业1244万人。", ["12440000"]),
    ],
    "tr": [
        ("İşsizlik oranı %8,7 oldu.", ["8.7"]),
        ("İhracat 1,2 milyar dolara ulaştı.", ["1200000000"]),
        ("Türkiye nüfusu 85.372.377 kişi oldu.", ["85372377"]),
        ("Kadınların işgücüne katılım oranı %35,8 olarak gerçekleşti.", ["35.8"]),
        ("Yıllık enflasyon yüzde 64,77 oldu.", ["64.77"]),
        ("Bütçe açığı 1,5 trilyon TL oldu.", ["1500000000000"]),
        ("Yaklaşık 3,5 milyon kişi göç etti.", ["3500000"]),
        ("İlde 45 bin konut satıldı.", ["45000"]),
        ("Oran %3 ile %7 arasında değişti.", ["3", "7"]),
        ("Formula 1 ve G20 şehre geldi.", []),
        ("İhracat 255,809 milyon dolar oldu.", ["255809000"]),
        ("Nüfus 85,372,377 kişi oldu.", ["85372377"]),
        ("Ekonomi ikinci çeyrekte %2,5 büyüdü.", ["2.5"]),
        ("Yaklaşık %50 hanenin arabası var.", ["50"]),
        ("Toplam 12.500 öğrenci kayıt yaptırdı.", ["12500"]),
        ("Sanayi üretimi %0,4 azaldı.", ["0.4"]),
        ("Şirket iki bin beş yüz kişi çalıştırıyor.", ["2500"]),
        ("Dış ticaret açığı 6,2 milyar dolar oldu.", ["6200000000"]),
        ("Windows 11 bilgisayarların %42'sinde çalışıyor.", ["42"]),
        ("Nüfusun %22,9'u gençlerden oluşuyor.", ["22.9"]),
    ],
    "ja": [
        ("日本の総人口は1億2,380万人だった。", ["123800000"]),
        ("予算は2兆円に達した。", ["2000000000000"]),
        ("完全失業率は2.6%だった。", ["2.6"]),
        ("就業者数は6,747万人となった。", ["67470000"]),
        ("約1億2千万人が参加した。", ["120000000"]),
        ("世帯数は５，５８３万世帯だった。", ["55830000"]),
        ("消費者物価指数は前年比２．８％上昇した。", ["2.8"]),
        ("令和6年の第3四半期に調査が行われた。", []),
        ("G7サミットとF1グランプリが開催された。", []),
        ("輸出額は100兆8,738億円だった。", ["100873800000000"]),
        ("出生数は72万7,277人だった。", ["727277"]),
        ("町の人口は三千五百人である。", ["3500"]),
        ("失業率は3%から7%の間だった。", ["3", "7"]),
        ("観光客は約3万人だった。", ["30000"]),
        ("実質GDPは年率マイナス0.4%となった。", ["-0.4"]),
        ("市の人口は12,345人である。", ["12345"]),
        ("貿易赤字は9兆2,914億円だった。", ["9291400000000"]),
        ("高齢化率は29.1％に上昇した。", ["29.1"]),
        ("企業数は十二万社である。", ["120000"]),
        ("在留外国人は341万992人だった。", ["3410992"]),
    ],
    "hi": [
        ("राज्य में 5 लाख लोग बेरोजगार हैं।", ["500000"]),
        ("योजना पर 2 करोड़ रुपये खर्च हुए।", ["20000000"]),
        ("भारत की जनसंख्या 1.4 अरब है।", ["1400000000"]),
        ("सर्वेक्षण में 12,50,000 परिवार शामिल थे।", ["1250000"]),
        ("बजट ₹2.5 लाख करोड़ का है।", ["2500000000000"]),
        ("बेरोजगारी दर 3.2 प्रतिशत रही।", ["3.2"]),
        ("जीडीपी वृद्धि दर ८.२% रही।", ["8.2"]),
        ("लगभग 6% परिवारों के पास कार है।", ["6"]),
        ("महंगाई 3 से 5 प्रतिशत के बीच रही।", ["3", "5"]),
        ("G20 शिखर सम्मेलन में 40 देश आए।", ["40"]),
        ("जिले की आबादी 1,23,45,678 है।", ["12345678"]),
        ("निर्यात 3.5 करोड़ डॉलर रहा।", ["35000000"]),
        ("शहर में 45,000 घर हैं।", ["45000"]),
        ("राज्य की आबादी 47,385,107 है।", ["47385107"]),
        ("कृषि वृद्धि दर 1.4% रही।", ["1.4"]),
        ("कुल ₹18.5 लाख करोड़ का कर संग्रह हुआ।", ["18500000000000"]),
        ("योजना में 2.3 लाख किसान जुड़े।", ["230000"]),
        ("विदेशी मुद्रा भंडार 600 अरब डॉलर है।", ["600000000000"]),
        ("साक्षरता दर ७७.७ प्रतिशत है।", ["77.7"]),
        ("5G सेवा 500 शहरों में शुरू हुई।", ["500"]),
    ],
    "pl": [
        ("Eksport wyniósł 2,5 mld zł.", ["2500000000"]),
        ("Dług publiczny przekroczył 1,5 bln zł.", ["1500000000000"]),
        ("Ludność Polski wynosiła 37,6 mln osób.", ["37600000"]),
        (f"Ludność Polski wynosiła 36{NB}753{NB}736 osób.", ["36753736"]),
        ("Stopa bezrobocia wyniosła 5,2%.", ["5.2"]),
        ("Inflacja spadła o 0,4 p.p.", ["0.4"]),
        ("Zatrudnienie wzrosło o ok. 3 tys. osób.", ["3000"]),
        ("Stopa waha się od 3 do 7% w zależności od regionu.", ["3", "7"]),
        ("Formuła 1 i szczyt G7 przyciągnęły turystów.", []),
        ("Deficyt wyniósł 2,5 miliarda złotych.", ["2500000000"]),
        ("W kraju mieszka 5 milionów emerytów.", ["5000000"]),
        ("Zbiory wyniosły dwa miliony trzysta tysięcy ton.", ["2300000"]),
        ("Przeciętne wynagrodzenie wyniosło 7 155,48 zł.", ["7155.48"]),
        ("W mieście jest 47,385,107 mieszkańców.", ["47385107"]),
        ("Inwestycje wyniosły 3 miliardy złotych.", ["3000000000"]),
        ("Sprzedaż wzrosła o 12,3% r/r.", ["12.3"]),
        ("Ludność miasta to 1 861 975 osób.", ["1861975"]),
        ("Około 40% gospodarstw ma samochód.", ["40"]),
        ("Windows 11 działa na 64% komputerów urzędu.", ["64"]),
        ("PKB w II kwartale wzrósł o 3,2%.", ["3.2"]),
        ("Przyjechało 1,2 mln turystów.", ["1200000"]),
    ],
}


def P(text: str, lang: str) -> dict[str, str]:
    return {"text": text, "language": lang}


def obs(value: str, unit: str) -> dict[str, str]:
    return {"series": "OBS", "period": "2024", "value": value, "unit": unit}


T = tuple[str, dict[str, Any]]
ANSWERS: dict[str, list[T]] = {
    "ru": [
        ("Численность населения составила [[146,2 миллиона]] человек.", {"v": ["146200000"]}),
        ("Безработица составила [[2,7%]] в марте 2024 года против [[!3,1%]] годом ранее.", {"v": ["2.7", "2.9"]}),
        ("Около [[6 000]] предприятий обанкротились.", {"v": ["6140"]}),
        ("Около [[!80%]] семей имеют автомобиль.", {"v": ["85"]}),
        ("Доходы бюджета составили [[425 млрд]] рублей.", {"v": ["425000000000"]}),
        ("Доходы бюджета составили [[!452 млрд]] рублей.", {"v": ["425000000000"]}),
        ("В стране проживает [[47,385,107]] человек.", {"v": ["47385107"]}),
        ("На Формуле-1 и саммите G20 было [[!12 000]] гостей.", {"v": ["9000"]}),
        ("Самолёт Ту-154 перевёз [[150]] пассажиров.", {"v": ["150"]}),
        ("Объём кредитов составил [[1,5 трлн]] рублей, а просрочка — [[!4,2%]].", {"v": ["1500000000000", "3.8"]}),
        ("Примерно [[3,5 миллиона]] человек переехали.", {"v": ["3480000"]}),
        ("Выпуск вырос на [[2,1%]], а дефицит составил [[!3,9%]] ВВП.", {"v": ["2.1", "3.4"]}),
        ("[[75%]] семей имеют доступ к интернету.", {"o": [obs("0.75", "ratio")]}),
        ("Экспорт составил [[1,2 млрд]] долларов.", {"p": {"t1": P("| Item | USD million |\n| --- | --- |\n| Exports | 1,234 |\n| Imports | 987 |", "en")}}),
        ("Построено [[12 тыс.]] квартир, из них [[!4 тыс.]] в Москве.", {"v": ["12000", "3100"]}),
        ("Безработица составила [[4,2%]].", {"p": {"en": P("Unemployment was 4.2% in March.", "en")}}),
        ("Урожай составил около [[!150 млн]] тонн.", {"v": ["138000000"]}),
        ("Численность занятых — [[две тысячи пятьсот]] человек.", {"v": ["2500"]}),
    ],
    "zh": [
        ("全国人口为[[14.1亿]]人。", {"v": ["1410000000"]}),
        ("全国人口为[[!14.8亿]]人。", {"v": ["1410000000"]}),
        ("国内生产总值为[[134.9万亿]]元，比上年增长[[5.2%]]。", {"v": ["134900000000000", "5.2"]}),
        ("国内生产总值比上年增长[[!6.1%]]。", {"v": ["5.2"]}),
        ("约[[6000]]家企业破产。", {"v": ["6140"]}),
        ("约[[!80%]]的家庭拥有汽车。", {"v": ["85"]}),
        ("全年新增就业[[3万]]人。", {"v": ["30000"]}),
        ("年末全国人口[[1,409,670,000]]人。", {"v": ["1409670000"]}),
        ("G20峰会期间，5G网络覆盖了[[!98%]]的城区。", {"v": ["91"]}),
        ("该镇有[[三千五百]]户居民。", {"v": ["3500"]}),
        ("约[[1.4亿]]人参加了养老保险。", {"v": ["138000000"]}),
        ("全年进口额为[[!3.1万亿]]元。", {"v": ["2500000000000"]}),
        ("全年粮食产量为[[６９５４１万]]吨。", {"v": ["695410000"]}),
        ("[[75%]]的家庭接入了宽带。", {"o": [obs("0.75", "ratio")]}),
        ("失业率为[[5.0%]]，青年失业率为[[!16.9%]]。", {"v": ["5.0", "14.9"]}),
        ("城镇调查失业率为[[5.2%]]。", {"p": {"en": P("The surveyed urban unemployment rate was 5.2%.", "en")}}),
        ("外汇储备为[[32,380亿]]美元。", {"v": ["3238000000000"]}),
        ("新增城镇就业[[!1,350万]]人。", {"v": ["12440000"]}),
    ],
    "tr": [
        ("İşsizlik oranı [[%8,7]] oldu.", {"v": ["8.7"]}),
        ("İşsizlik oranı [[!%9,4]] oldu.", {"v": ["8.7"]}),
        ("İhracat [[1,2 milyar]] dolara ulaştı.", {"v": ["1200000000"]}),
        ("Türkiye nüfusu [[85.372.377]] kişi oldu.", {"v": ["85372377"]}),
        ("Türkiye nüfusu [[85,372,377]] kişi oldu.", {"v": ["85372377"]}),
        ("İhracat [[255,809 milyon]] dolar oldu.", {"v": ["255809000"]}),
        ("Yaklaşık [[6.000]] şirket iflas etti.", {"v": ["6140"]}),
        ("Hanelerin yaklaşık [[!%80]]'inin arabası var.", {"v": ["85"]}),
        ("Formula 1 ve G20 şehre [[!12.000]] ziyaretçi getirdi.", {"v": ["9000"]}),
        ("Yıllık enflasyon yüzde [[64,77]] oldu, aylık enflasyon [[!yüzde 3,9]].", {"v": ["64.77", "2.93"]}),
        ("Bütçe açığı [[1,5 trilyon]] TL oldu.", {"v": ["1500000000000"]}),
        ("Yaklaşık [[3,5 milyon]] kişi göç etti.", {"v": ["3480000"]}),
        ("Hanelerin [[%75]]'i internete erişiyor.", {"o": [obs("0.75", "ratio")]}),
        ("İlde [[45 bin]] konut satıldı, bunların [[!12 bini]] ilk satıştı.", {"v": ["45000", "10400"]}),
        ("Ekonomi [[%2,5]] büyüdü.", {"p": {"en": P("The economy grew 2.5% in the second quarter.", "en")}}),
        ("Dış ticaret açığı [[!7,2 milyar]] dolar oldu.", {"v": ["6200000000"]}),
        ("Yaklaşık [[%50]] hane kirada oturuyor.", {"v": ["49.6"]}),
        ("Windows 11 bilgisayarların [[%64]]'ünde çalışıyor.", {"v": ["64"]}),
    ],
    "ja": [
        ("日本の総人口は[[1億2,380万]]人だった。", {"v": ["123800000"]}),
        ("日本の総人口は[[!1億3,100万]]人だった。", {"v": ["123800000"]}),
        ("予算は[[2兆]]円に達した。", {"v": ["2000000000000"]}),
        ("完全失業率は[[2.6%]]で、前月の[[!2.9%]]から低下した。", {"v": ["2.6", "2.7"]}),
        ("約[[6,000]]社が倒産した。", {"v": ["6140"]}),
        ("約[[!80%]]の世帯が車を持っている。", {"v": ["85"]}),
        ("就業者数は[[6,747万]]人となった。", {"v": ["67470000"]}),
        ("G7サミットとF1グランプリに[[!12,000]]人が訪れた。", {"v": ["9000"]}),
        ("世帯数は[[５，５８３万]]世帯だった。", {"v": ["55830000"]}),
        ("消費者物価指数は前年比[[２．８％]]上昇した。", {"v": ["2.8"]}),
        ("令和6年の第3四半期に輸出額は[[!5兆]]円だった。", {"v": ["4100000000000"]}),
        ("[[75%]]の世帯がインターネットを利用している。", {"o": [obs("0.75", "ratio")]}),
        ("出生数は[[72万7,277]]人だった。", {"v": ["727277"]}),
        ("町の人口は[[三千五百]]人である。", {"v": ["3500"]}),
        ("完全失業率は[[2.5%]]だった。", {"p": {"en": P("The unemployment rate was 2.5% in May.", "en")}}),
        ("観光客は約[[3万]]人だった。", {"v": ["30500"]}),
        ("貿易赤字は[[!9兆8,000億]]円だった。", {"v": ["9291400000000"]}),
        ("高齢化率は[[29.1%]]に上昇した。", {"v": ["29.1"]}),
    ],
    "hi": [
        ("राज्य में [[5 लाख]] लोग बेरोजगार हैं।", {"v": ["500000"]}),
        ("योजना पर [[!3 करोड़]] रुपये खर्च हुए।", {"v": ["20000000"]}),
        ("भारत की जनसंख्या [[1.4 अरब]] है।", {"v": ["1400000000"]}),
        ("सर्वेक्षण में [[12,50,000]] परिवार शामिल थे।", {"v": ["1250000"]}),
        ("बजट [[₹2.5 लाख करोड़]] का है।", {"v": ["2500000000000"]}),
        ("बेरोजगारी दर [[3.2 प्रतिशत]] रही, जबकि पिछले वर्ष [[!3.9 प्रतिशत]] थी।", {"v": ["3.2", "3.6"]}),
        ("लगभग [[6,000]] कंपनियाँ बंद हुईं।", {"v": ["6140"]}),
        ("लगभग [[!80%]] परिवारों के पास फोन है।", {"v": ["85"]}),
        ("G20 शिखर सम्मेलन में [[!45]] देश आए।", {"v": ["40"]}),
        ("जीडीपी वृद्धि दर [[८.२%]] रही।", {"v": ["8.2"]}),
        ("राज्य की आबादी [[47,385,107]] है।", {"v": ["47385107"]}),
        ("[[75%]] परिवारों के पास बिजली है।", {"o": [obs("0.75", "ratio")]}),
        ("कुल [[!₹21 लाख करोड़]] का कर संग्रह हुआ।", {"v": ["18500000000000"]}),
        ("योजना में [[2.3 लाख]] किसान जुड़े।", {"v": ["230000"]}),
        ("महंगाई दर [[5.1%]] रही।", {"p": {"en": P("Inflation was 5.1% in June.", "en")}}),
        ("विदेशी मुद्रा भंडार लगभग [[600 अरब]] डॉलर है।", {"v": ["598000000000"]}),
        ("जिले की आबादी [[!1,32,45,678]] है।", {"v": ["12345678"]}),
        ("5G सेवा [[500]] शहरों में शुरू हुई।", {"v": ["500"]}),
    ],
    "pl": [
        ("Eksport wyniósł [[2,5 mld zł]].", {"v": ["2500000000"]}),
        ("Dług publiczny przekroczył [[1,5 bln zł]].", {"v": ["1500000000000"]}),
        ("Ludność Polski wynosiła [[37,6 mln]] osób.", {"v": ["37600000"]}),
        ("Ludność Polski wynosiła [[!38,4 mln]] osób.", {"v": ["37600000"]}),
        ("Stopa bezrobocia wyniosła [[5,2%]] wobec [[!5,8%]] rok wcześniej.", {"v": ["5.2", "5.4"]}),
        ("Około [[6 000]] firm zbankrutowało.", {"v": ["6140"]}),
        ("Około [[!80%]] gospodarstw ma samochód.", {"v": ["85"]}),
        ("W mieście jest [[47,385,107]] mieszkańców.", {"v": ["47385107"]}),
        ("Formuła 1 i szczyt G7 przyciągnęły [[!12 tys.]] turystów.", {"v": ["9000"]}),
        ("Deficyt wyniósł [[2,5 miliarda]] złotych.", {"v": ["2500000000"]}),
        ("W kraju mieszka [[5 milionów]] emerytów.", {"v": ["5000000"]}),
        ("Przeciętne wynagrodzenie wyniosło [[7 155,48 zł]].", {"v": ["7155.48"]}),
        ("[[75%]] gospodarstw ma dostęp do internetu.", {"o": [obs("0.75", "ratio")]}),
        ("Zatrudnienie wzrosło o ok. [[3 tys.]] osób.", {"v": ["2950"]}),
        ("Inflacja wyniosła [[4,1%]].", {"p": {"en": P("Inflation was 4.1% in May.", "en")}}),
        ("Inwestycje wyniosły [[!4 miliardy]] złotych.", {"v": ["3000000000"]}),
        ("Zbiory wyniosły [[dwa miliony trzysta tysięcy]] ton.", {"v": ["2300000"]}),
        ("PKB wzrósł o [[3,2%]], a deficyt wyniósł [[!5,9%]] PKB.", {"v": ["3.2", "5.1"]}),
    ],
}

_MARK = re.compile(r"\[\[(!?)(.+?)\]\]")


def case(lang: str, i: int, marked: str, ev: dict[str, Any]) -> dict[str, Any]:
    labels = []
    plain = ""
    last = 0
    for m in _MARK.finditer(marked):
        plain += marked[last:m.start()]
        labels.append({"text": m.group(2), "start": len(plain), "invented": m.group(1) == "!"})
        plain += m.group(2)
        last = m.end()
    plain += marked[last:]
    out: dict[str, Any] = {"id": f"{lang}-a-{i:02d}", "language": lang, "answer": plain}
    if "q" in ev:
        out["question"] = ev["q"]
    out["retrieved_values"] = ev.get("v", [])
    if "p" in ev:
        out["retrieved_passages"] = ev["p"]
    if "o" in ev:
        out["observations"] = ev["o"]
    out["figures"] = labels
    out["source"] = S
    return out


def _write(path: Path, lines: list[str]) -> None:
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main() -> None:
    root = Path(__file__).resolve().parent.parent
    for lang, numbers in NUMBERS.items():
        parts: dict[str, list[str]] = {"tune": [], "heldout": []}
        for i, (text, figures) in enumerate(numbers):
            line = {"id": f"{lang}-w-{i:02d}", "language": lang, "text": text, "figures": figures, "source": S}
            parts["heldout" if i % 3 == 2 else "tune"].append(json.dumps(line, ensure_ascii=False))
        for part, lines in parts.items():
            _write(root / "numbers" / f"{lang}.written.{part}.jsonl", lines)
    for lang, answers in ANSWERS.items():
        parts = {"tune": [], "heldout": []}
        for i, (marked, ev) in enumerate(answers):
            parts["heldout" if i % 3 == 2 else "tune"].append(json.dumps(case(lang, i, marked, ev), ensure_ascii=False))
        for part, lines in parts.items():
            _write(root / "answers" / f"{lang}.{part}.jsonl", lines)


if __name__ == "__main__":
    main()
