"""Sentences as the verifier reads them: a full stop after a title, a company's abbreviation or an initial
ends no sentence (textnorm.split_sentences)."""

from docintel.textnorm import last_sentence, sentence_bounds, split_sentences


def test_title_initial_and_company_abbreviation_end_no_sentence() -> None:
    text = "Mr. J. Smith, 55, joined Apple Inc. and its subsidiaries in the U.S. Department of Defense. He left."
    assert split_sentences(text) == [
        "Mr. J. Smith, 55, joined Apple Inc. and its subsidiaries in the U.S. Department of Defense.",
        "He left.",
    ]


def test_semicolon_and_full_stop_before_capital_end_a_sentence() -> None:
    assert split_sentences("Revenue rose 5%; costs fell. Margins grew") == [
        "Revenue rose 5%;",
        "costs fell.",
        "Margins grew",
    ]


def test_lower_case_after_a_stop_goes_on() -> None:
    assert split_sentences("Net sales were $5.2 billion. compared with 2021") == [
        "Net sales were $5.2 billion. compared with 2021"
    ]


def test_last_sentence_is_empty_after_a_final_break() -> None:
    assert last_sentence("The prior sentence. ") == ""
    assert last_sentence("The prior sentence. The lead of") == "The lead of"
    assert sentence_bounds("") == [(0, 0)]
