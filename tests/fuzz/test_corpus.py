"""The committed corpus: failures found by the fuzzer, checked on every run."""
import pytest

from corpus.cases import CASES
from differential import check

pytestmark = pytest.mark.gpu


@pytest.mark.parametrize('case', CASES, ids=[case[0] for case in CASES])
def test_corpus_case(case):
    _, fn, *options = case
    check(fn, **(options[0] if options else {}))
