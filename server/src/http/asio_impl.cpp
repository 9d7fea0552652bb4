// The one translation unit that compiles Boost.Asio and Boost.Beast (BOOST_*_SEPARATE_COMPILATION is set for every
// target linking argus_http). Nothing else belongs here.
#include <utility>

#include <boost/asio/impl/src.hpp>
#include <boost/asio/ssl/impl/src.hpp>
#include <boost/beast/src.hpp>
