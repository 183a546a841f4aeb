// The commonest passwords, refused wherever a password is set (issue 17: `123456` was accepted). The first 3,000
// entries of the password frequency list of @zxcvbn-ts/language-common 4.1.3 (MIT; built from leaked-password
// corpora) that are 4 characters or longer, plus passwords common among Chinese users and this product's own words.
// Lower case; shorter ones are refused by the length rules anyway. Kept as text so the web bundle stays small.
const LIST = `
123456 password 12345678 qwerty 123456789 12345 1234 111111 1234567 dragon 123123 baseball abc123 football
monkey letmein shadow master 696969 michael mustang 666666 qwertyuiop 123321 1234567890 pussy superman 1qaz2wsx
7777777 fuckyou jordan qazwsx jennifer 123qwe 000000 killer trustno1 hunter harley zxcvbnm asdfgh buster andrew
batman soccer tigger charlie robert sunshine thomas iloveyou fuckme ranger daniel hockey george computer
michelle jessica starwars asshole pepper klaster 112233 zxcvbn freedom princess joshua maggie pass ginger
11111111 131313 fuck amanda ashley love cheese 159753 nicole summer matthew chelsea dallas biteme matrix william
yankees 6969 taylor corvette austin access martin heather thunder merlin secret diamond hello anthony hammer
fucker 1234qwer silver gfhjkm justin patrick richard bailey internet samantha golfer scooter test orange cookie
q1w2e3r4t5 maverick jackson sparky mickey phoenix bigdog snoopy guitar whatever chicken morgan andrea camaro
mercedes peanut ferrari cowboy falcon welcome samsung sexy steelers joseph smokey dakota melissa arsenal boomer
eagles tigers marina nascar booboo gateway porsche yellow monster spider diablo hannah bulldog junior london
purple compaq lakers iceman qwer1234 hardcore cowboys money banana ncc1701 boston brandon tennis johnny miller
q1w2e3r4 coffee scooby 123654 edward nikita mother yamaha brandy barney chester fuckoff oliver charles player
knight forever steven rangers midnight chicago bigdaddy redsox victoria badboy angel please fender chris jasper
james slayer rabbit natasha rachel bigdick marine wizard marlboro raiders prince casper fishing flower crystal
jasmine panties iwantu adidas winner winter gandalf password1 enter ghbdtn 1q2w3e4r angela mike golden lauren
cocacola jordan23 winston madison angels blowme panther sexsex bigtits spanky bitch shannon sophie johnson
asdfasdf david horny thx1138 toyota tiger murphy dick canada danielle 12344321 blowjob 8675309 jonathan liverpoo
muffin cooper apples jackie dennis black qwerty123 passw0rd john abcd1234 sandra pokemon 123abc slipknot carlos
qazxsw 123456a scorpion qwaszx nathan butter startrek rainbow asdfghjkl razz redskins newyork gemini cameron
qazwsxedc florida liverpool turtle nicholas viking booger wilson sierra butthead doctor rocket 159357 victor
dolphins captain bandit jaguar packers pookie peaches 789456 asdf blue dolphin helpme tucker theman tiffany
maxwell jeremy qwertyui shithead debbie albert maddog lovers monica alex united giants nirvana metallic hotdog
rosebud mountain benjamin warrior stupid elephant suckit success bond007 jackass bonnie alexis porn lucky jason
scorpio samson q1w2e3 rush2112 azerty freddy driver willie calvin 1q2w3e4r5t sydney gators dexter red123 12345a
123456q bubba creative golf voodoo happy arthur trouble america nissan gunner rebecca stella garfield gordon
jessie bullshit parker asdfghjk 5150 fucking apollo jack 1qazxsw2 2112 eminem december legend airborne beavis
august bear apple brooklyn godzilla skippy buddy 4815162342 qwert kitten magic shelby beaver phantom fred
nothing asdasd williams xavier braves darkness blink182 travis copper tomcat platinum qweqwe girls 01012011
bigboy green power 102030 animal police 11223344 online voyager lifehack 12qwaszx fish sniper 315475 trinity
walter blazer heaven lover snowball playboy bubbles loveme hooters cricket marvin willow donkey topgun nintendo
saturn family november gabriel destiny pakistan pumpkin digital sergey chance explorer redwings private therock
runner tits 789456123 lasvegas guinness beatles fire cassie christin qwerty1 asdf1234 celtic broncos andrey
007007 babygirl nelson donald scott eclipse cartman fluffy louise michigan testing carolina little samuel
alexande birdie steve cherry pantera sharon gibson vampire mexico dickhead peter buffalo montana genius beer
flyers maximus school minecraft lovely stalker metallica doggie carter kristina kimberly spencer speedy barbara
snickers sabrina carmen marcus bronco yankee friends paradise lol123 dreams magnum horses cool caroline
147258369 lacrosse ou812 goober member qwertyu enigma scotty pimpin bollocks brian cock surfer sammy genesis
poohbear dave star asd123 qweasdzxc baby racing friend hello1 hawaii eagle1 billy viper october vanessa poopoo
einstein boobies stanley 12345q walker bitches paul drowssap stephen courtney simple alaska badger action jake
bill denise jester 111222 spitfire drummer forest patricia maryjane champion diesel svetlana rock friday kevin
mark gregory pamela frank hotrod 147258 chevy anderson lucky1 douglas westside security google badass shorty
tester thumper hitman mozart general reddog boobs zaq12wsx music 010203 lizard alexander melanie a123456 ruslan
123456789a vincent eagle 1232323q sweet teresa scarface 147852 qwerty12 a12345 marshall olivia veronica porno
buddha spirit frankie money1 stargate antonio liberty natalie mercury naruto qwe123 12345qwert suzuki semperfi
king popcorn spooky marley system brittany claudia kelly scotland free kitty cherokee vikings simpsons death
leslie rascal qweasd jimmy loveyou hummer michael1 allison rocky patches russia adrian jupiter penguin cumshot
howard passion honda vfhbyf andre vladimir franklin sandman 123789 infinity homer bastard raider passport assman
sucker fantasy bulldogs 1234554321 horney domino budlight ironman disney norman usuckballz1 softball bishop
francis brutus ford redrum brooke bigred jeffrey jesus fktrcfylh karina marines kawasaki digger ireland oksana
fireman cougar college shit alicia russell houston monday bradley cunt sarah nigger justice super wildcats
tinker duncan dancer logitech avalon swordfis everton reggie motorola alexandr molly timothy hentai pussy1
claire patriots madonna colorado eugene ducati kermit juventus indian connor galore freeuser smooth house
titanic boogie simpson warcraft wolverin elizabet arizona saints valentin georgia asdfg test123 accord matt
baxter denver mitchell christ password123 yfnfif slut smith stinky zachary roland naughty ncc1701d spiderma
chopper brenda hello123 extreme virginia water skyline poop zombie pearljam froggy pirate fylhtq vision
123qweasd awesome alyssa dreamer predator bullet empire wolf charlie1 kirill 123123a people penis elvis panthers
skipper nemesis peekaboo rasdzv3 simon alison rolltide american cardinal arnold chevelle daddy psycho happy1
danger mookie wanker manutd 9379992 tommy hobbes vegeta goblue 852456 burton fyfcnfcbz picard 159951 bobby
windows loverboy lovelove vfrcbv victory 123654789 bambam turkey serega tweety hiphop galina changeme rooster
polina berlin suckme taurus electric ronald avatar 134679 mine raptor alpha1 maksim spring brazil eric bigcock
newport hard kenneth hendrix madmax england a1b2c3 alpha sublime britney france darkside bigman hercules
lawrence wolfpack classic letmein1 lincoln ronaldo 741852963 spiderman 1q2w3e blizzard cheyenne 123456789q
wombat bubba1 tiger1 cjkysirj raymond brother kristen pandora devils zxc123 simone holiday wildcat horse kramer
12312 147852369 buddy1 sterling caesar alabama carrie bondage basketball sports pussycat pickle catch22 leather
shaggy a1b2c3d4 chronic flowers qaz123 qqq111 robbie admin gracie amber freepass airplane perfect kodiak
billybob katana sunset crazy good stingray maria anna snowman phpbb angel1 chocolat zeppelin garcia detroit
wolves pontiac candy firebird vagina gundam panzer outlaw time pretty fisher connie honey business trevor
redhead hardon greenday tarheels 01011980 nastya hellfire cobra engineer dragon1 savage service serenity sasha
michele dude lickme fireball 1029384756 white remember darkstar miranda flash mustang1 01011 124578 harvey oscar
strike freddie pavilion beauty bobafett 01012000 adam dbrnjhbz jeff bigmac chris1 duke clinton bowling jenny
natali future harrison jones wallace welcome1 swimming apache rulez pyramid dodgers girl whynot fuckit defender
teens morris trooper 135790 cancer precious packard lucifer popeye weasel 142536 raven icecream stewart tanner
swordfish blonde sandy presario rockstar viktor manager cheryl norton james1 control wutang airforce julian
atlanta pimp spike thailand looking casino 741852 21122112 paris mouse lennon 456123 bluebird theone hawkeye
hacker lisa dustin elaine nfnmzyf sailor catfish goldfish maxima tattoo barbie light design pervert machine
herman wrangler rocks trucks nipples roscoe tornado jerry lights bubble cadillac 666999 madman orlando pegasus
target longhorn laura philip browns eatme stefan cannon dilbert baller microsoft winnie christia katie qazwsx123
shooter xfiles qazqaz lesbian street seattle corona amateur cthutq prelude 246810 beach malibu freaky assassin
integra atlantis 123qweasdzxc pussies dragons iloveu monkey1 unicorn lonewolf regina 753951 stealth kristin tony
peewee openup bobcat stacey software newton leonardo student srinivas angelina young enjoy valentina trigger
zaqwsx lolita athena shotgun coyote bruins veronika dollar country rocky1 joker babydoll lestat wordpass hottie
smiley potter random sweety butterfly woody chipper snake samurai video gizmo maddie devildog valerie mistress
flipper freedom1 express powers soso123aljg cessna teacher goldie moose polaris piglet cookies elena montreal
hjvfirf ladies wolfgang fatboy scully father single wicked daisy fetish foobar castle tickle bunny pepsi balls
transam dfvgbh 31415926 oicu812 impala sunday booty hotstuff ronnie jasmin ryan gambit toshiba basketba lancer
birthday texas stephani jessica1 hooker knicks 314159 roberto stinger testtest fuckyou2 kathleen savannah
shamrock benson squirt deftones trucker nick redneck goldberg alfred blaster siemens shelly renegade manson
subaru ibanez blondie hamilton casey swinger reaper cristina minnie mylove harry galaxy lindsay dudley farmer
gloria special blahblah enterpri 1234abcd travel babylon5 bigone sweetpea sugar smoke skeeter fucked indiana
great ficken trfnthbyf master1 freeman curtis smitty marino joanne bigfoot escort babes check larisa trumpet
tristan spartan babylon asdfghj sister valera stormy paladin andreas cavalier marathon hamlet aardvark butterfl
bigboobs mister manchester yankees1 rusty napoleon seven indigo hornet skater jerome pierre wonder toronto rose
indians karate buckeyes 01011990 julie hesoyam fredfred charger highland sweetie holland 1qaz2wsx3edc chiefs
diamonds buckeye aurora hotsex campbell griffin brandi redman passwor chandler drpepper monika maiden elizabeth
leonard bernie brown pornstar garden storm autumn 12345678910 linda thuglife millie jungle pencil tomtom insane
pizza timber jesus1 sherlock mariah audrey david1 1a2b3c hamster aragorn pioneer techno catdog lollol triumph
sidney 141627 321654 fktrctq none sophia morpheus island wetpussy hobbit blabla erotic shadow1 aaron pascal
sampson consumer justme marion stones chrissy tyler nadine marie goforit burger pitbull kelsey adgjmptw spartak
german karen kissme hunting kaiser martha colors artist harold bass italia sammie barcelona mario nicolas virgin
pebbles sundance isabella overlord emerald callie doggy irina racecar isabelle germany 1478963 goddess change
wesley nipple basket joejoe holly poison zipper alpine shirley element huskers marcel eddie danny christy pussys
sakura chichi inside ultimate dirty nicola ncc1701e blackie q12345 omega watson rommel matthew1 geronimo nikki
caserta trojan 123qwe123 philips sergio nugget sammy1 tarzan bassman warren trixie chicks aleksandr cream
webster help sherry manuel portugal dodger anakin bobbob bomber michel madness superfly q1w2e3r4t5y6 loser
123asd florence yvonne fatcat global ybrbnf energy desire wrinkle1 soldier bianca sexual warlock martina babe
951753 11235813 51505150 andrei larry seminole peace alejandr westham concrete access14 harris margaret hector
christop naked ladybug letmein2 network bernard weed tintin qazxswedc trombone chuck pleasure rhbcnbyf home
history bluesky sherman logan january onelove cotton christian cdtnkfyf sunny archie holden whore brianna
vfvjxrf titans stallion lindsey singer truck smile party missy hansolo angelo joanna natalia beagle phillip
panama smiles blue22 juice qawsed inferno moon mongoose connect kingkong snatch flatron sex4me bluemoon turbo
rocker personal emily blessed snakes dominic joey forget finger beetle jamaica alberto a1234567 mulder fuckyou1
jamie susan immortal head passat plastic 123454321 dietcoke spunky suck long anthony1 whiskey monitor giovanni
cactus ripper spyder markus planet magic1 teen patton exigen sticky waters sluts nolimit daniela hollywoo
abigail apple1 morrison katrina trunks 1234321 andy assass always diana deedee 14789632 clifford april speed
japan mission pickles million sailing freak holmes bonehead fernando ghbdtnbr 112358 911911 charlott delta
yomama darren rubber newman molly1 1123581321 faster cumming bertha memphis sylvia open ilovesex maurice
william1 hongkong olga jumper unreal geheim rodney nylons sebastia pentium legion shalom kennedy 555666 brooks
movie dodge dream graham sprite curious pacific loulou funtime philly ferret niners orion werewolf milton
cantona kingdom stars africa office boeing gilbert abgrtyu pirates super123 sheila french sweets cooldude palmer
eternity lollipop tottenha green1 stocking monique anything foster irish jackoff 7895123 biscuit drizzt camera
columbia fossil moomoo makaveli tracey colt45 robinson isabel martini salmon shasta jersey verbatim maniac
snapper satan666 nasty solomon patriot jacob standard shaved blackcat asdzxc punkrock raistlin infantry
qwerty12345 4128 dillon gerald twister ricardo waterloo cjkywt clayton crimson serena 01012010 oxford maxmax
denis flight condor seinfeld silvia biggie maxine musicman ravens teddy colleen bruce wolfman sharks megadeth
cosmos velvet butt keeper foxtrot garrett black1 damien anton sesame skywalke gn56gn56 banshee cats squirrel
wolverine dogs sunrise rick ghost western grendel sucks roxanne privet legolas frog felix marlin stone herbert
lvbnhbq qazwsxed carrot blades frosty stardust 121314 helena brownie groovy penny butler coolio twilight daytona
licker peanuts intrepid pikachu trains mollie vanhalen jericho hershey strider lobster punisher grace bird
zaq123 bottom ninja 1234567a murray kansas shogun goblin search neptune ball showtime darwin amadeus suzanne
fuckfuck seven7 jason1 111222333 oldman bruno showme henry getsome muscle obiwan support rfrfirf skittles
ekaterina gold whitney shark maestro anal danni tanker english tarheel fighter thanks blue123 hannibal capital
newlife anubis gothic chaos blues cindy sabine thunder1 roman preston princes brendan slick 123456z evelyn
python test1 richie tequila boss cody devil chelsea1 clover delete mirage blood surfing 1q2w3e4r5t6y bentley
portland potato baggins review porter chubby panasonic sandiego sooners buffy buck tina derrick penelope
blackdog harmony fusion dima mature malcolm allen mary buttons 1a2b3c4d californ safety playtime dagger moscow
swallow warriors byteme stimpy gangster lucas christine turner iverson lester chargers liquid asdf123 mushroom
cracker dingdong lucky7 misty nymets 456852 robin bigguy mobile tazman greg nimrod newpass miami crusader bugger
stranger dkflbvbh anastasia marco volume masters monroe miguel doodle collins powder archer gotcha battle dublin
slapshot guardian 147896325 janice charly septembe photos knights woody1 short angelica nookie milano pepsi1
scarlett stuart damian grizzly 123098 123321123 camille scruffy brasil latino kittycat poopie munchkin lorenzo
rammstein 1701 1passwor bananas barcelon santiago thegame robert1 hell world gerard picasso viper1 walnut
kolobok blackman wisdom trance starcraft parrot quality blade pink auburn goodluck eatshit dorothy dusty engine
coltrane gorilla wheels katerina tamara postal fuck_inside luther ranger1 pass123 carlo cassidy discover oakland
andrew1 spanking osiris dumbass shaney14 192837465 lonestar ping bridge bingo bender annie stonecol dookie
meridian sally megaman heather1 25802580 racerx rjntyjr sirius firefly richard1 julia alexandra madrid terry
griffey women phoebe zaq1xsw2 weezer beautiful violet ledzep lowrider randy gangsta ghjcnj paradox tacobell
123698745 loving catalina vertigo halflife carson sergei shiloh johnjohn sobaka buffett aliens sadie chucky
bonjour kangaroo jazz josh thompson sinner socrates soccer1 keyboard 0.0.000 stevie 0007 jeep trebor finish dark
luke sprint shazam lady national celica sarah1 scarlet formula1 hoover sommer frances hotboy cynthia qwerasdf
12369874 penguins bond formula rebels fuckface elwood melvin honda1 vacation kiss ragnarok bollox lexmark
asshole1 mailcreated5240 lorraine 258456 claude rockon duck dodgeram tacoma romeo wookie prodigy tempest vfhecz
flames sebastian colombia bang kitkat oblivion mystery sithlord server molson mustangs incubus smoker 123qaz
window scoobydo 1122 rescue bigballs zxcv1234 carpet titleist richmond director lawyer megan juan magnolia
celeste melinda lucy wright jimbob golfing kenny roger bobbie xanadu tardis blueeyes hearts dixie pussy69 pooper
shaman mersedes 102938 12312312 springer imagine janine patrick1 kenwood 123zxc dogg garbage martinez topper
cowboys1 roberts lizzie ashton elliott oracle sheena chloe nuttertools mallard 123987 1122334455 analsex shemale
gateway1 mikey asterix faith monkeys imperial jimbo cooler grateful gillian peterpan kingston yourmom sleepy
gremlin printer hudson pa55word stud freckles birdman frank1 aussie esther defiant margarita 445566 deadhead
polo anime tatyana jackal frogger bridget wayne research tobias mariners rootbeer blondes donnie katrin weather
aspirine frederic parola photo children account israel stephanie shaolin noodles celine willy willis forgot
scooter1 hallo mandy thomas1 11112222 rogers palace santos ohyeah magnus laurie creampie amazon kisses queen
ludwig fatass plymouth justdoit assfuck nellie 1234567q 12121 987456 6751520 putter broken nopass letsgo bryan
bones harley1 tatiana camel champs lightnin massive camelot bosco deanna gizmodo spidey caliente aezakmi 456654
goodtime mypass roller catherin active pooh payton lonely redalert brucelee smokin porkchop astros aquarius
raiders1 thankyou kevin1 atomic fletcher shopping a1s2d3f4 mason rusty1 marian vanilla hunter1 unknown sapphire
temple qwert123 marvel beckham qazwsxedcrfv kaktus 753159 myself sooner blacky elvis1 hastings buster1 power1
blackjac aggies scream picture 123321q abc12 judith iforgot kasper cxfcnmt bangkok 01012001 shitty spectrum
eduard vader jammer painter primus veritas ernest kristi chevrole amber1 amsterdam slappy valley 1221 horny1
pete hitler clancy spankme granny avenger satan sasha1 usa123 diamond1 rosemary husker candyman beatrice scrappy
john316 simba falcons dylan front242 harder atlantic labrador 123456qwerty smudge syracuse southern melody timmy
elijah center darling throat stuff fatman krishna sanchez pancho gator pacman commando delta1 vulcan bush
clitoris lemons alice 8j4ye3uz boner keith odessa barkley monopoly method kelley sara punkin pineappl celtics
lesbians 223344 space gangbang bennett area51 lick flyboy hamburg aaa111 asian carol spartans tricky romashka
123456aa snuggles phoenix1 boat infiniti anders billie life homer1 drago blake hermes jesse goose jeremiah
vivian annette homerun dead forrest carolyn 1234567890q topcat hayden cosworth vectra grover goodbye charlotte
cuddles bossman horndog doberman gary telefon dawg qawsedrf ivanov durango peugeot killer1 franco kyle plumber
bell rbhbkk pauline exigent brandon1 laguna emmanuel webmaster bowler leopard strong theking redbull alan pics
beast viktoria porsche9 breeze topdog starbuck omega1 dance dalton fuckers oscar1 hungry beefcake reality gjkbyf
speaker shelley godsmack clarence writer loveit kingpin nokia valhalla night starfish anarchy herbie blacks
content 906090 sailboat desert fitness brando bohica achilles tractor jordan1 ncc1701a drake bull hidden kicker
arsenal1 labtec napass bart pa55w0rd amelia tuesday frontier swingers jimmy1 caitlin muppet terror legacy
farside terminator bella matilda kentucky jackson1 doughboy ramona butthole phillies jrcfyf 789654 camels
dannyboy oakley daniel1 nebraska latin double qwertyuio sabbath chang pinkfloy homers striker looker fallen
maryland luckydog azamat september iguana oklahoma moloko qwerty123456 agent007 vfrcbvrf javier vette daniil
command rhonda studio pistol miles skiing franky stoner conrad select tanya houses boris puppy elliot charmed
vladik nathalie whocares 666777 maynard vkontakte ihateyou puppies zidane eileen dilligaf crash mandingo moneys
tyrone funny nevada kotenok mystic california 123457 budman church carlton rafael technics bone stick golfball
rookie panda laptop today 01011991 jennie triton river trojans bunghole zvezda 132435 15426378 hurrican central
stripper dale filter jethro snow gustav ivan escape gizmo1 hawk igor aberdeen shane lespaul rfnthbyf enterprise
butch dthjybrf 963852 1366613 cutter splash handsome oilers randall cash nofear cupcake excalibu batman1 momoney
gbpltw bigger belinda svetik possum metal moocow brothers bethany keystone babyboy flamingo super1 firefox
bogdan ccbill passwort soleil lancelot melissa1 vipers marilyn tdutybq juliet leader madden russian australia
sabina chase coolman babies skinny zaphod raven1 kamikaze verona bacon noodle rebel doobie designer deadman
attack vortex killme dogman pokemon1 gopher somethin danila 12332 reagan apollo13 chevy1 cancel torres 000007
freaks azsxdc sassy donna dracula play poncho bearbear boots engage steve1 deskjet bradford bitch1 hammers
deeznuts warhammer rangers1 tight justine ralph fabian lewis casey1 summer1 blueblue marissa oregon bubbas
sinatra hilton meatball mailman dawson columbus manchest cthulhu macdaddy mighty michaela grandma ready sterlin
cartoon summit 123456789z sentinel tolkien bicycle peter1 blow beverly breast lickit kathy crazy1 meghan
universe capone jenna julius wendy bryant truelove helen 123456k nancy eatpussy hailey kitty1 daisy1 chair
362436 bowser kathryn sexygirl fernand eleven rockets billyboy military demon davis jamesbon iloveyo texas1
traffic saint daddy1 redhot microsof sonic miracle microlab gofish pantyhos pilot lifetime rugby mayday aikido
nina star69 01011985 conner cutlass tree thekid gordon24 theodore titties sweden function polska danie gang
73501505 market scotch lansing elvira bloody sexx hustler anfield coke smut catman rush bonita tracy sony fast
1234qwe 1225 passwor1 irish1 cheers tinman airbus peters china azsxdcfv santana hayley station gabrie scottie
orioles jenny1 01011970 charlton saun fortuna dfkthbz rustam warlord woaini1314 woaini520 5201314 1314520 520520
woaini a123456789 qq123456 aa123456 abc123456 987654321 3.1415926 88888888 66666666 8888888 168168 518518
woshishui wangyang zhang123 wang123 li123456 dearbook xiazhili huang123 liu123456 chen123 zxc123456 asd123456
admin888 administrator root root123 guest waterops water123
`;

/** Lower-case common passwords (and the words people pad with digits). */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(LIST.split(/\s+/).filter((w) => w !== ''));
